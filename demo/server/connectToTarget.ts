import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { DemoTarget } from "./DemoTarget";

/** A new client transport to the server the person named: one connection (with `--stdio`, one process) each call. */
export function connectToTarget(target: DemoTarget): Transport & { setProtocolVersion?: (version: string) => void } {
  if (target.kind === "url") return new StreamableHTTPClientTransport(new URL(target.url));
  // The command runs as it would in the person's shell (the SDK's default passes only a few
  // variables, which leaves npx without the npm settings it needs); its log lines go to the terminal.
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return new StdioClientTransport({ command: target.command, args: target.args, env, stderr: "inherit" });
}
