// A connection's options read once, with their defaults, into what every part of it uses: where the
// relay is, how to ask it (headers asked for before each request), its limits, and where to report.
import { RELAY_BOUNDS } from "../../core/relay/relayWire";
import { relayDraftPrefix } from "../../core/values/draftKeys";
import type { ElicitationRelayConnectionOptions, ElicitationRelayDrafts, ElicitationRelayLimits } from "./ElicitationRelayConnectionOptions";
import type { ElicitationRelayError } from "./ElicitationRelayError";

const DEFAULT_LIMITS: ElicitationRelayLimits = {
  maxEventLength: RELAY_BOUNDS.eventLength,
  maxEventsPerSecond: 500,
  maxOpen: 100,
  idleTimeoutMs: 45_000,
  reconnectFirstMs: 1_000,
  reconnectMaxMs: 30_000,
};

export interface ConnectionContext {
  readonly options: ElicitationRelayConnectionOptions;
  readonly limits: ElicitationRelayLimits;
  /** One request to the relay, with the connection's credentials, never cached. */
  send(init: { method: "GET" | "POST"; headers: Headers; body?: BodyInit; signal?: AbortSignal }): Promise<Response>;
  /** The host's headers (asked for now), with `extra` set over them. */
  headersFor(extra: Record<string, string>): Promise<Headers>;
  /** Tells the host's `onError`; a reporter that throws does not break the connection. */
  report(error: ElicitationRelayError): void;
  /** Drafts of this relay's requests are filed under this and their request ids, which only their person is given. */
  readonly draftPrefix: string;
  /** The host's draft store, asked to forget; one that throws costs its drafts, never the connection. */
  drafts(act: (drafts: ElicitationRelayDrafts) => void): void;
}

export function readConnectionOptions(options: ElicitationRelayConnectionOptions): ConnectionContext {
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const credentials = options.credentials ?? "same-origin";
  return {
    options,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    send: (init) => fetchFn(options.url, { ...init, credentials, cache: "no-store" }),
    async headersFor(extra) {
      const given = typeof options.headers === "function" ? await options.headers() : options.headers;
      const headers = new Headers(given);
      for (const [name, value] of Object.entries(extra)) headers.set(name, value);
      return headers;
    },
    report(error) {
      try {
        options.onError?.(error);
      } catch {
        /* a reporter that throws must not break the connection */
      }
    },
    draftPrefix: relayDraftPrefix(String(options.url)),
    drafts(act) {
      try {
        if (options.drafts) act(options.drafts);
      } catch {
        /* nothing forgotten this time */
      }
    },
  };
}
