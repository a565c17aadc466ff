import type { BrowserCommand } from "vitest/node";
import { startWireServer, type WirePost, type WireServer } from "../host/relay/wireServer";

// A relay speaking docs/relay.md, run in Node for the browser tests (test/host/relay/wireServer.ts),
// on 127.0.0.1 at a free port. CORS is on: the test page is served from the runner's own port.
let relay: WireServer | undefined;

/** Starts the relay (stopping one left over); returns its URL. */
export const relayStart: BrowserCommand<[]> = async () => {
  await relay?.stop();
  relay = await startWireServer({ cors: true });
  return relay.url;
};

/** Opens a request for the person on every stream; returns its id. */
export const relayRequest: BrowserCommand<[serverName: string, params: object]> = async (_context, serverName, params) => relay!.request({ serverName, params });

/** Every POST the relay received so far. */
export const relayPosts: BrowserCommand<[]> = async () => relay!.posts;

/** Streams open now (one per connected window). */
export const relayStreams: BrowserCommand<[]> = async () => relay!.streamCount();

export const relayStop: BrowserCommand<[]> = async () => {
  await relay?.stop();
  relay = undefined;
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
