// @vitest-environment node
// An instance with the Redis store ends on SIGTERM by itself (no process.exit) within 2 s, with a
// person's stream open and a question held: the stream ends (the browser reconnects elsewhere at
// once), the question's MCP client gets `cancel`, and another instance's window sees it close.
import { fork } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createRedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import { identifyByHeader, isRequest, openStream, requestId, serve } from "../helpers/relayHarness";
import { startRedis, type RunningRedis } from "../helpers/redisServer";

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(() => redis?.stop());

describe("shutting an instance down", () => {
  it("exits within 2 s of SIGTERM with a stream open and a question held; the question closes for every window", { timeout: 30_000 }, async () => {
    const prefix = "shutdown";
    const child = fork(join(import.meta.dirname, "shutdownInstance.ts"), [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, REDIS_URL: redis.url, RELAY_PREFIX: prefix },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const messages: { type: string; url?: string; result?: unknown }[] = [];
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.once("exit", () => reject(new Error("the instance ended before listening")));
      child.on("message", (message: { type: string; url?: string }) => {
        messages.push(message);
        if (message.type === "listening") resolve(message.url!);
      });
    });

    // Ada looks through this instance and through another one on the same Redis.
    const here = await openStream(url, "ada");
    const card = await here.next(isRequest, 10_000);
    const otherStore = createRedisRelayStore({ url: redis.url, prefix });
    const other = createElicitationRelay({ identify: identifyByHeader, store: otherStore });
    const served = await serve(other.handle);
    const there = await openStream(served.url, "ada");
    try {
      await there.next((event) => isRequest(event) && requestId(event) === requestId(card), 10_000);

      const sent = Date.now();
      child.kill("SIGTERM");
      await here.ended;
      const streamEndedMs = Date.now() - sent;
      const code = await Promise.race([exited, new Promise<"alive">((resolve) => setTimeout(() => resolve("alive"), 5_000))]);
      const exitedMs = Date.now() - sent;
      if (code === "alive") child.kill("SIGKILL");
      console.log(`SIGTERM: the stream ended after ${streamEndedMs} ms, the process exited after ${exitedMs} ms (code ${code})`);
      expect(code).toBe(0);
      expect(exitedMs).toBeLessThan(2_000);
      expect(streamEndedMs).toBeLessThan(1_000);
      expect(messages.find((message) => message.type === "settled")).toEqual({ type: "settled", result: { action: "cancel" } });
      // The window on the other instance is told the question is over.
      const closed = await there.next((event) => event.event === "closed", 5_000);
      expect(closed.data).toEqual({ id: requestId(card), reason: "closed" });
    } finally {
      there.close();
      here.close();
      await other.close();
      await otherStore.close();
      await served.close();
    }
  });
});
