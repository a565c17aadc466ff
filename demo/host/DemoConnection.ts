import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/** A tool call made before this page loaded (server-client mode keeps them): shown again, its result when it comes. */
export interface EarlierToolCall {
  tool: string;
  args: Record<string, unknown>;
  /** The tool's text once it has finished; rejects with the error when the call failed. */
  result(): Promise<string>;
}

/** The page's way to the MCP server, whichever side its client runs on. */
export type ConnectionState =
  | { status: "connecting" }
  | {
      status: "connected";
      tools: Tool[];
      /** Calls a tool: resolves with its text, rejects with the error. */
      callTool(name: string, args: Record<string, unknown>): Promise<string>;
      earlier: EarlierToolCall[];
    }
  | { status: "error"; message: string };

/** The text parts of a tool's result, one per line. */
export function toolText(result: object): string {
  return (("content" in result ? result.content : []) as { type: string; text?: string }[]).map((part) => part.text ?? "").join("\n");
}
