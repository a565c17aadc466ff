import type { BrowserCommand } from "vitest/node";
import { startWireServer, type WirePost, type WireServer } from "../client/relay/wireServer";

// A relay speaking docs/relay.md, run in Node for the browser tests (test/client/relay/wireServer.ts),
// on 127.0.0.1 at a free port. CORS is on: the test page is served from the runner's own port.
// One relay per browser session: the projects (React 19, React 18.3) run side by side in one process.
const relays = new Map<string, WireServer>();
const relayOf = (context: { sessionId: string }) => {
  const relay = relays.get(context.sessionId);
  if (!relay) throw new Error("relayStart first");
  return relay;
};

/** Starts this session's relay (stopping one left over); returns its URL. */
export const relayStart: BrowserCommand<[]> = async (context) => {
  await relays.get(context.sessionId)?.stop();
  const relay = await startWireServer({ cors: true });
  relays.set(context.sessionId, relay);
  return relay.url;
};

/** Opens a request for the person on every stream; returns its id. */
export const relayRequest: BrowserCommand<[serverName: string, params: object]> = async (context, serverName, params) =>
  relayOf(context).request({ serverName, params });

/** Every POST the relay received so far. */
export const relayPosts: BrowserCommand<[]> = async (context) => relayOf(context).posts;

/** Streams open now (one per connected window). */
export const relayStreams: BrowserCommand<[]> = async (context) => relayOf(context).streamCount();

export const relayStop: BrowserCommand<[]> = async (context) => {
  await relays.get(context.sessionId)?.stop();
  relays.delete(context.sessionId);
};

export const relayCommands = { relayStart, relayRequest, relayPosts, relayStreams, relayStop };

declare module "vitest/browser" {
  interface BrowserCommands {
    relayStart: () => Promise<string>;
    relayRequest: (serverName: string, params: object) => Promise<string>;
    relayPosts: () => Promise<WirePost[]>;
    relayStreams: () => Promise<number>;
    relayStop: () => Promise<void>;
  }
}
