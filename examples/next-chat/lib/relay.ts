// The relay: carries the MCP server's questions to the person's browser and their answers back.
// One per server process (on globalThis: Next.js may load this module once per route bundle).
import { createElicitationRelay } from "react-mcp-elicitation/server";
import { userOf } from "./session";

type Relay = ReturnType<typeof createElicitationRelay>;
const holder = globalThis as typeof globalThis & { elicitationRelay?: Relay };

export const relay: Relay = (holder.elicitationRelay ??= createElicitationRelay({
  // Whoever the session cookie names; the relay answers 401 when it names no one.
  // Answers are taken only from pages of the app's own origin (the host the browser addressed);
  // list others, if the app is served under several, in `allowedOrigins`.
  identify: (request) => userOf(request)?.id ?? null,
}));
