/** A tool call the demo's server made for a person (server-client mode), kept so a reloaded page shows it again. */
export interface DemoToolCall {
  id: string;
  tool: string;
  args: Record<string, unknown>;
  state: "running" | "done" | "error";
  /** The tool's text, or the error's message, once it has finished. */
  text?: string;
}

/** What GET /api/tools answers: the server's tools and this person's calls so far. */
export interface DemoToolsReply {
  tools: import("@modelcontextprotocol/sdk/types.js").Tool[];
  calls: DemoToolCall[];
}

/** The routes of server-client mode, on the demo's own origin. */
export const DEMO_API = {
  tools: "/api/tools",
  call: "/api/tools/call",
  /** `${calls}/<id>`: that call once it has finished. */
  calls: "/api/tools/calls",
  elicitation: "/api/elicitation",
} as const;
