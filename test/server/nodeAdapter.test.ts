// @vitest-environment node
// The Node adapter (toFetchRequest / sendFetchResponse) as a host mounts it in node:http.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import { sendFetchResponse } from "../../src/server/sendFetchResponse";
import { toFetchRequest } from "../../src/server/toFetchRequest";
import type { ElicitationRelayEvent } from "../../src/server/types";
import { identifyByHeader, openStream, postAnswer } from "./helpers/relayHarness";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the Node http adapter", () => {
  it("builds the request the browser made: method, headers (repeated ones too), streamed body, and the origin a proxy shows", async () => {
    let seen: { url: string; method: string; cookie: string | null; body: string } | undefined;
    const base = await listen(async (req, res) => {
      const request = toFetchRequest(req, { origin: "https://app.example.com" });
      seen = { url: request.url, method: request.method, cookie: request.headers.get("x-list"), body: await request.text() };
      await sendFetchResponse(res, new Response("ok", { headers: [["set-cookie", "a=1"], ["set-cookie", "b=2"]] }));
    });
    const response = await fetch(`${base}/api/elicitation?x=1`, { method: "POST", headers: [["x-list", "one"], ["x-list", "two"]], body: "hello" });
    expect(await response.text()).toBe("ok");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(seen).toEqual({ url: "https://app.example.com/api/elicitation?x=1", method: "POST", cookie: "one, two", body: "hello" });
  });

  it("lets the relay compare Origin with the origin the browser sees behind a proxy", async () => {
    const relay = createElicitationRelay({ identify: identifyByHeader });
    const base = await listen((req, res) => void relay.handle(toFetchRequest(req, { origin: "https://app.example.com" })).then((r) => sendFetchResponse(res, r)));
    const url = `${base}/api/elicitation`;
    const answer = { id: "x", result: { action: "cancel" } };
    expect((await postAnswer(url, "alice", answer, { origin: "https://app.example.com" })).status).toBe(404);
    expect((await postAnswer(url, "alice", answer, { origin: base })).status).toBe(403);
    await relay.close();
  });

  it("cancels the relay's stream when the client goes away, so the relay forgets it", async () => {
    const events: ElicitationRelayEvent[] = [];
    const relay = createElicitationRelay({ identify: identifyByHeader, onEvent: (event) => events.push(event) });
    const base = await listen((req, res) => void relay.handle(toFetchRequest(req)).then((r) => sendFetchResponse(res, r)));
    const stream = await openStream(`${base}/api/elicitation`, "alice");
    await stream.next((e) => e.event === "ready");
    stream.close();
    for (let i = 0; i < 50 && !events.some((e) => e.type === "stream-closed"); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events.filter((e) => e.type === "stream-closed")).toEqual([expect.objectContaining({ owner: "alice", reason: "disconnected" })]);
    await relay.close();
  });

  it("gives a host that writes the response itself (toFetchRequest without sendFetchResponse) the relay's events as a Web Stream", async () => {
    const relay = createElicitationRelay({ identify: identifyByHeader });
    const base = await listen(async (req, res) => {
      const response = await relay.handle(toFetchRequest(req));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      for await (const chunk of response.body!) res.write(chunk);
      res.end();
    });
    const stream = await openStream(`${base}/api/elicitation`, "alice");
    await stream.next((e) => e.event === "ready");
    const answered = relay.request({ owner: "alice", serverName: "Deployer", params: { message: "Go?", requestedSchema: { type: "object", properties: {} } } });
    expect((await stream.next((e) => e.event === "request")).data).toMatchObject({ serverName: "Deployer", params: { message: "Go?" } });
    stream.close();
    await relay.close();
    await expect(answered).resolves.toEqual({ action: "cancel" });
  });

  it("forgets a stream whose client left before its response went out, so reloads never reach the stream maximum", async () => {
    const events: ElicitationRelayEvent[] = [];
    const relay = createElicitationRelay({ identify: identifyByHeader, maxStreamsPerPerson: 2, onEvent: (event) => events.push(event) });
    const base = await listen((req, res) => {
      // A slow host: the relay is asked only once the client is gone.
      res.once("close", () => void relay.handle(toFetchRequest(req)).then((r) => sendFetchResponse(res, r)));
    });
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      const gone = fetch(`${base}/api/elicitation`, { headers: { accept: "text/event-stream", "x-user": "alice" }, signal: controller.signal }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort();
      await gone;
      for (let wait = 0; wait < 50 && events.filter((e) => e.type === "stream-closed").length <= i; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(events.filter((e) => e.type === "stream-opened")).toHaveLength(3);
    expect(events.filter((e) => e.type === "stream-closed").map((e) => e.type === "stream-closed" && e.reason)).toEqual(["disconnected", "disconnected", "disconnected"]);
    await relay.close();
  });
});
