// The relay: carries the MCP server's questions to the person's browser and their answers back.
// One per server process (on globalThis: Next.js may load this module once per route bundle).
import { createElicitationRelay } from "react-mcp-elicitation/server";
import { userOf } from "./session";

type Relay = ReturnType<typeof createElicitationRelay>;
const holder = globalThis as typeof globalThis & { elicitationRelay?: Relay };

export const relay: Relay = (holder.elicitationRelay ??= createElicitationRelay({
  // Whoever the session cookie names; the relay answers 401 when it names no one.
  identify: (request) => userOf(request)?.id ?? null,
  // Answers are taken only from pages of the app's own origin. Next.js gives a route handler
  // http://localhost:<port> as the request's URL whatever address the page was opened at, so the
  // relay is told the real one (APP_ORIGIN; comma-separated for several).
  allowedOrigins: (process.env.APP_ORIGIN ?? "http://127.0.0.1:3000").split(","),
}));
