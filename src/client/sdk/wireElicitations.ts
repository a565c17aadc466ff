// What both SDK entries share: the options checked once, each request into the queue with the server's
// name and the request's signal, a URL step's end passed on, and the SDK's own refusal of the handler
// (no elicitation capability declared) turned into an error that says what to write.
import type { ElicitResult } from "../../core/types";
import type { ElicitationsThroughQueueOptions } from "./ElicitationsThroughQueueOptions";

/** One SDK major: how to tell its Client, and the other entry to point at when it is not. */
export interface SdkMajor {
  /** The package and major, as a host names it: `@modelcontextprotocol/sdk (v1)`. */
  label: string;
  entry: string;
  isClient(client: object): boolean;
  /** The other major, for a client of that one. */
  other: Omit<SdkMajor, "other">;
}

/** What an entry registers on its client. */
export interface ElicitationHandlers {
  /** The queue's answer to one `elicitation/create`'s params; `signal` aborting withdraws the card. */
  ask(params: unknown, signal: AbortSignal | undefined): Promise<ElicitResult>;
  /** `notifications/elicitation/complete`: the server says a URL step is done. */
  complete(elicitationId: string): void;
}

const NAME = "elicitationsThroughQueue";

export function wireElicitations(
  sdk: SdkMajor,
  client: unknown,
  options: ElicitationsThroughQueueOptions,
  register: (handlers: ElicitationHandlers) => void,
): void {
  if (typeof (client as { setRequestHandler?: unknown } | null | undefined)?.setRequestHandler !== "function") {
    throw new TypeError(`${NAME}: client must be a Client of ${sdk.label}.`);
  }
  if (!sdk.isClient(client as object) && sdk.other.isClient(client as object)) {
    throw new TypeError(`${NAME}: this client is a Client of ${sdk.other.label}; import ${NAME} from "${sdk.other.entry}" for it.`);
  }
  const { queue, serverName } = options ?? ({} as ElicitationsThroughQueueOptions);
  if (typeof queue?.request !== "function") throw new TypeError(`${NAME}: queue must be a queue from createElicitationQueue.`);
  if (typeof serverName !== "string" || serverName.trim() === "") {
    throw new TypeError(`${NAME}: serverName must be the host's name for the MCP server (a non-empty string).`);
  }
  try {
    register({
      ask: (params, signal) => queue.request({ serverName, params, ...(signal === undefined ? {} : { signal }) }),
      complete: (elicitationId) => {
        queue.completeElicitation(elicitationId, serverName);
      },
    });
  } catch (error) {
    // The SDK refuses the handler of a client that declared no elicitation capability; its capabilities
    // are fixed once connected, so the fix is in the Client's options.
    const reason = error instanceof Error ? error.message : String(error);
    throw new TypeError(
      `${NAME}: the client refused the elicitation handler (${reason}). Declare it where the Client is created: new Client(info, { capabilities: { elicitation: { form: {}, url: {} } } }), with the modes the page shows.`,
      { cause: error },
    );
  }
}
