// @vitest-environment node
// Web Push with the real `web-push` package: a push service stand-in on loopback (HTTPS, its own
// certificate) takes what is sent, and decrypts it with the subscription's keys made as a browser
// makes them (an ECDH P-256 key pair and a 16-byte auth secret, RFC 8291), so the test reads exactly
// what a device would. Subscriptions are kept in the relay's store (Redis, two handles: any instance
// sends); a device the push service says is gone (410) is forgotten; no endpoint but a push
// service's is taken; and a question nobody has seen reaches the device once, with no field's value.
// Only the simplest questions (one yes/no, one choice of at most three, no words naming a secret, no
// file, not URL mode) carry their answers for the notification's actions, and only the schema's own.
import { Agent } from "node:https";
import webPush from "web-push";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fileInputs } from "../../../src/core/request/fileInputs";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createRedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import { createElicitationPush } from "../../../src/server/web-push/createElicitationPush";
import { makeDevice, makeTls, startPushService as startStandIn, type Tls } from "../helpers/pushService";
import { startRedis, type RunningRedis } from "../helpers/redisServer";

let redis: RunningRedis;
let tls: Tls;
beforeAll(async () => {
  redis = await startRedis();
  tls = makeTls();
}, 30_000);
afterAll(() => redis?.stop());
const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The push service stand-in: every POST kept (headers and body), answered with `status()`. */
async function startPushService(status: () => number = () => 201) {
  const service = await startStandIn(tls, status);
  cleanup.push(() => service.close());
  return service;
}

let prefixes = 0;
function twoHandles() {
  const prefix = `push${prefixes++}`;
  const stores = [createRedisRelayStore({ url: redis.url, prefix }), createRedisRelayStore({ url: redis.url, prefix })] as const;
  cleanup.push(() => stores[0].close(), () => stores[1].close());
  return stores;
}

const vapid = { subject: "mailto:ops@example.com", ...webPush.generateVAPIDKeys() };
const loopback = (endpoint: URL) => endpoint.hostname === "127.0.0.1";
const form = { message: "Approve the transfer of 120 EUR?", requestedSchema: { type: "object", properties: { iban: { type: "string", default: "DE89370400440532013000" } }, required: [] } };

describe("Web Push for notify", () => {
  it("a question nobody has seen reaches a device subscribed through another instance, once, encrypted, with no field's value", async () => {
    const service = await startPushService();
    const [one, two] = twoHandles();
    const device = makeDevice(`${service.base}/push/device-1`);
    const url = (notice: { context?: Record<string, string> }) => `/chat/${notice.context?.chatId}`;
    const pushOne = createElicitationPush({ store: one, vapid, url, isPushService: loopback, sendOptions: { agent: new Agent({ ca: tls.cert }) } });
    const pushTwo = createElicitationPush({ store: two, vapid, url, isPushService: loopback, sendOptions: { agent: new Agent({ ca: tls.cert }) } });
    await pushOne.subscribe("ada", device.subscription);

    const relay = createElicitationRelay({ store: two, notify: { afterMs: 200, send: pushTwo.send } });
    cleanup.push(() => relay.close());
    void relay.request({ owner: "ada", serverName: "Bank", params: form, context: { chatId: "c7" } }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 800));

    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(push!.path).toBe("/push/device-1");
    expect(String(push!.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(push!.body.toString("latin1")).not.toContain("Bank");
    const payload = JSON.parse(device.decrypt(push!.body));
    expect(payload).toEqual({ kind: "mcp-elicitation", id: expect.any(String), serverName: "Bank", message: "Approve the transfer of 120 EUR?", url: "/chat/c7" });
    expect(JSON.stringify(payload)).not.toContain("DE89");
  });

  it("forgets a device the push service says is gone, keeps at most maxDevices, and refuses an endpoint that is not a push service", async () => {
    let status = 410;
    const service = await startPushService(() => status);
    const [one, two] = twoHandles();
    const options = { vapid, url: () => "/", isPushService: loopback, maxDevices: 2, sendOptions: { agent: new Agent({ ca: tls.cert }) } };
    const push = createElicitationPush({ store: one, ...options });
    const [a, b, c] = ["a", "b", "c"].map((name) => makeDevice(`${service.base}/push/${name}`));
    for (const device of [a!, b!, c!]) {
      await push.subscribe("ada", device.subscription);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The oldest went when the third came.
    expect(Object.keys(await two.kept("ada", "push")).sort()).toEqual([`${service.base}/push/b`, `${service.base}/push/c`]);
    const notice = { id: "q1", owner: "ada", serverName: "S", message: "m", receivedAt: 0 };
    await expect(createElicitationPush({ store: two, ...options }).send(notice)).rejects.toMatchObject({ statusCode: 410 });
    expect(await two.kept("ada", "push")).toEqual({});
    status = 201;

    const byDefault = createElicitationPush({ store: one, vapid, url: () => "/" });
    await expect(byDefault.subscribe("ada", makeDevice("https://169.254.169.254/latest/meta-data").subscription)).rejects.toThrow(/169\.254\.169\.254 is not a push service/);
    await expect(byDefault.subscribe("ada", makeDevice("http://fcm.googleapis.com/fcm/send/x").subscription)).rejects.toThrow(/is not a push service/);
    await expect(byDefault.subscribe("ada", { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: { p256dh: "AAAA", auth: "AAAA" } })).rejects.toThrow(/p256dh must be a P-256 public key/);
    await byDefault.subscribe("ada", makeDevice("https://fcm.googleapis.com/fcm/send/abc").subscription);
    expect(Object.keys(await one.kept("ada", "push"))).toEqual(["https://fcm.googleapis.com/fcm/send/abc"]);
    expect(() => createElicitationPush({ store: one, vapid: { ...vapid, privateKey: "short" }, url: () => "/" })).toThrow(/private key/i);
  });

  it("carries the answers as actions only for one yes/no or one choice of at most three, never a secret's, a file's or URL mode's, and never a value typed", async () => {
    const service = await startPushService();
    const [one] = twoHandles();
    const device = makeDevice(`${service.base}/push/device-1`);
    const push = createElicitationPush({ store: one, vapid, url: () => "/chat", isPushService: loopback, sendOptions: { agent: new Agent({ ca: tls.cert }) } });
    await push.subscribe("ada", device.subscription);
    const relay = createElicitationRelay({ store: one, fileInputs, notify: { afterMs: 100, send: push.send } });
    cleanup.push(() => relay.close());
    const schema = (properties: Record<string, unknown>) => ({ type: "object", properties, required: [] });
    const asked: Record<string, unknown> = {
      yesNo: { message: "yesNo", requestedSchema: schema({ approve: { type: "boolean", title: "Approve the transfer", default: true } }) },
      threeTitled: { message: "threeTitled", requestedSchema: schema({ region: { type: "string", oneOf: [{ const: "eu", title: "Europe" }, { const: "us", title: "Americas" }, { const: "ap", title: "Asia" }], default: "us" } }) },
      twoUntitled: { message: "twoUntitled", requestedSchema: schema({ size: { type: "string", enum: ["small", "large"] } }) },
      four: { message: "four", requestedSchema: schema({ region: { type: "string", enum: ["eu", "us", "ap", "sa"] } }) },
      secret: { message: "secret", requestedSchema: schema({ share: { type: "boolean", title: "Send your API key to the build server?" } }) },
      twoFields: { message: "twoFields", requestedSchema: schema({ approve: { type: "boolean" }, note: { type: "string", default: "typed by the server" } }) },
      text: { message: "text", requestedSchema: schema({ iban: { type: "string", default: "DE89370400440532013000" } }) },
      file: { message: "file", requestedSchema: schema({ report: { type: "string", format: "uri", "x-mcp-file": { accept: ["application/pdf"] } } }) },
      many: { message: "many", requestedSchema: schema({ tags: { type: "array", items: { type: "string", enum: ["a", "b"] } } }) },
      url: { mode: "url", message: "url", url: "https://bank.example/approve", elicitationId: "e-1" },
    };
    for (const params of Object.values(asked)) void relay.request({ owner: "ada", serverName: "Bank", params }).catch(() => undefined);
    const until = Date.now() + 5_000;
    while (service.received.length < Object.keys(asked).length && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));

    const payloads = Object.fromEntries(service.received.map(({ body }) => JSON.parse(device.decrypt(body))).map((payload) => [payload.message, payload]));
    expect(Object.keys(payloads).sort()).toEqual(Object.keys(asked).sort());
    const accept = (content: Record<string, unknown>) => ({ action: "accept", content });
    expect(payloads.yesNo.choices).toEqual([
      { title: "Yes", result: accept({ approve: true }) },
      { title: "No", result: accept({ approve: false }) },
    ]);
    expect(payloads.threeTitled.choices).toEqual([
      { title: "Europe", result: accept({ region: "eu" }) },
      { title: "Americas", result: accept({ region: "us" }) },
      { title: "Asia", result: accept({ region: "ap" }) },
    ]);
    expect(payloads.twoUntitled.choices).toEqual([
      { title: "small", result: accept({ size: "small" }) },
      { title: "large", result: accept({ size: "large" }) },
    ]);
    for (const name of ["four", "secret", "twoFields", "text", "file", "many", "url"]) {
      expect({ name, payload: payloads[name] }).toEqual({ name, payload: { kind: "mcp-elicitation", id: expect.any(String), serverName: "Bank", message: name, url: "/chat" } });
    }
    const everything = JSON.stringify(payloads);
    for (const typed of ["DE89", "typed by the server", "bank.example", "e-1"]) expect(everything).not.toContain(typed);
  });
});
