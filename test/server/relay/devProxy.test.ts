// @vitest-environment node
// The relay behind a real Vite dev server's proxy, as a host develops with it: the page's origin is
// Vite's, the relay's is another. With `changeOrigin: true` alone (the common recipe) the relay
// cannot tell the page's origin is its own: answers get 403, which names both origins. The recipes
// of docs/relay.md (`xfwd: true`, or `changeOrigin: false`) carry answers through.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type ProxyOptions, type ViteDevServer } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import type { ElicitationRelayEvent } from "../../../src/server/types";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, type EventReader } from "../helpers/relayHarness";

const form = { message: "Your age?", requestedSchema: { type: "object", properties: { age: { type: "integer" } }, required: ["age"] } };
const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function behindVite(proxy: Omit<ProxyOptions, "target">) {
  const events: ElicitationRelayEvent[] = [];
  const relay = createElicitationRelay({ identify: identifyByHeader, onEvent: (event) => events.push(event) });
  const relayServer = await serve(relay.handle);
  const vite: ViteDevServer = await createServer({
    configFile: false,
    root: mkdtempSync(join(tmpdir(), "rme-vite-")),
    logLevel: "silent",
    server: { host: "127.0.0.1", port: 0, strictPort: false, proxy: { "/api": { target: relayServer.origin, ...proxy } } },
  });
  await vite.listen();
  const page = vite.resolvedUrls!.local[0]!.replace(/\/$/, "");
  const readers: EventReader[] = [];
  cleanup.push(async () => {
    for (const reader of readers) reader.close();
    await vite.close();
    await relay.close();
    await relayServer.close();
  });
  const url = `${page}/api/elicitation`;
  // What a page on Vite's origin sends: its Origin on the POST (a same-origin GET sends none).
  const stream = await openStream(url, "alice");
  readers.push(stream);
  await stream.next((event) => event.event === "ready");
  const answer = relay.request({ owner: "alice", serverName: "Clinic", params: form });
  const id = requestId(await stream.next(isRequest));
  const post = () => postAnswer(url, "alice", { id, result: { action: "accept", content: { age: 30 } } }, { origin: page });
  return { page, relayOrigin: relayServer.origin, events, answer, post };
}

describe("the relay behind Vite's dev proxy", () => {
  it("changeOrigin alone: the answer gets 403 naming the page's origin and the one the relay expected; the request stays open", async () => {
    const { page, relayOrigin, events, post } = await behindVite({ changeOrigin: true });
    expect(await post()).toEqual({ status: 403, body: { error: "forbidden-origin", origin: page, expected: relayOrigin } });
    expect(events.find((event) => event.type === "origin-refused")).toMatchObject({ origin: page, expected: relayOrigin });
  });

  it.each([
    ["changeOrigin with xfwd", { changeOrigin: true, xfwd: true }],
    ["changeOrigin: false", { changeOrigin: false }],
  ])("%s (docs/relay.md): the answer is taken", async (_name, proxy) => {
    const { answer, post } = await behindVite(proxy);
    expect((await post()).status).toBe(200);
    await expect(answer).resolves.toEqual({ action: "accept", content: { age: 30 } });
  });
});
