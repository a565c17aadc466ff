// What one process of the app holds, handed to every loader and action as React Router's load
// context: one Redis connection (chats, the answers being written, the relay's store), the relay, and
// ONE MCP client per MCP server, shared by every chat of every person (each request wraps it for its
// own person and chat). `close` ends what the relay does not, so the process can exit.
import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import { Redis } from "ioredis";
import { createElicitationRelay, type ElicitationRelay } from "react-mcp-elicitation/server";
import { toolsWithElicitationRelay } from "react-mcp-elicitation/server/ai-sdk";
import { createRedisRelayStore } from "react-mcp-elicitation/server/redis";
import { createResumableStreamContext, type ResumableStreamContext } from "resumable-stream/ioredis";

// A type, not an interface: React Router's AppLoadContext has an index signature it must meet.
export type Services = {
  relay: ElicitationRelay;
  redis: Redis;
  /** The answers being written, resumable from any instance (resumable-stream on the same Redis). */
  streams: ResumableStreamContext;
  /** The deploy server's tools, asking `owner` in `chatId` (and each tool call's own id). */
  deployTools: (owner: string, chatId: string) => ReturnType<typeof toolsWithElicitationRelay>;
};

declare module "react-router" {
  interface AppLoadContext extends Services {}
}

export function startServices({ redisUrl, deployUrl }: { redisUrl: string; deployUrl: string }): Services & { close: () => Promise<void> } {
  const redis = new Redis(redisUrl);
  const subscriber = new Redis(redisUrl);
  const store = createRedisRelayStore({ client: redis });
  const relay = createElicitationRelay({ store });
  // Answers being written (each resumable stream until its last write to Redis): a shutdown lets them finish.
  const writing = new Set<Promise<unknown>>();
  const waitUntil = (promise: Promise<unknown>) => {
    const kept = promise.finally(() => writing.delete(kept));
    writing.add(kept);
  };
  const streams = createResumableStreamContext({ waitUntil, publisher: redis, subscriber });

  // Connected at first use, then kept: one connection to the MCP server for the whole process.
  let deployClient: Promise<MCPClient> | undefined;
  const connect = () =>
    createMCPClient({ transport: { type: "http", url: deployUrl }, capabilities: { elicitation: {} } }).catch((error: unknown) => {
      deployClient = undefined;
      throw error;
    });
  const deployTools = async (owner: string, chatId: string) => toolsWithElicitationRelay(await (deployClient ??= connect()), { relay, owner, serverName: "Deploy server", context: { chatId } });

  // After `relay.close()` (their questions answered `cancel`, the runs go on to their end) and the HTTP server's close.
  async function close() {
    await Promise.allSettled(writing);
    await store.close();
    await deployClient?.then((client) => client.close(), () => undefined);
    await Promise.all([redis.quit(), subscriber.quit()]);
  }
  return { relay, redis, streams, deployTools, close };
}
