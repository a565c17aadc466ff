import { connectElicitationRelay, type ElicitationQueue } from "../../src/index";
import { DEMO_API, type DemoToolCall, type DemoToolsReply } from "../shared/DemoToolCall";
import type { ConnectionState } from "./DemoConnection";

async function readReply<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }))) as T | { error: string };
  if (!response.ok) throw new Error((body as { error: string }).error);
  return body as T;
}

/** A finished call's text; a failed call's error. */
function outcome(call: DemoToolCall): string {
  if (call.state === "error") throw new Error(call.text);
  return call.text ?? "";
}

/**
 * Server-client mode: the MCP client runs on the demo's server. The page draws that client's
 * questions from the relay into the same queue, and calls tools through the demo's small JSON API;
 * it never speaks MCP itself. Returns what stops it.
 */
export function connectThroughServer(queue: ElicitationQueue, log: (line: string) => void, onState: (state: ConnectionState) => void): () => void {
  let closed = false;
  const relay = connectElicitationRelay({
    url: DEMO_API.elicitation,
    queue,
    // What went wrong and was handled (a lost stream, a refused answer): in the side panel's log.
    onError: (error) => log(`· relay ${error.code}: ${error.message}`),
  });
  log(`· relay: questions from the server's MCP client arrive at ${DEMO_API.elicitation}`);

  const callTool = (name: string, args: Record<string, unknown>) =>
    fetch(DEMO_API.call, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, arguments: args }) })
      .then((response) => readReply<DemoToolCall>(response))
      .then(outcome);
  // A call made before a reload is still running on the server: wait for it there.
  const finished = (call: DemoToolCall) =>
    call.state === "running"
      ? fetch(`${DEMO_API.calls}/${encodeURIComponent(call.id)}`).then((response) => readReply<DemoToolCall>(response)).then(outcome)
      : Promise.resolve(call).then(outcome);

  fetch(DEMO_API.tools)
    .then((response) => readReply<DemoToolsReply>(response))
    .then(({ tools, calls }) => {
      if (closed) return;
      const earlier = calls.map((call) => ({ tool: call.tool, args: call.args, result: () => finished(call) }));
      onState({ status: "connected", tools, callTool, earlier });
    })
    .catch((error: unknown) => {
      if (!closed) onState({ status: "error", message: error instanceof Error ? error.message : String(error) });
    });
  return () => {
    closed = true;
    relay.close();
  };
}
