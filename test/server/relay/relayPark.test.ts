// @vitest-environment node
// Rounds that outlive a function (2026-07-28 input_required): a host parks a round in the store and
// ends; the person answers from a window; the instance that takes the last answer resumes it once.
// Each behaviour runs on the memory store (two relays sharing it in this process) and on the Redis
// store (two relays, each with its own connections, sharing one real redis-server, or a real Redis Cluster).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import type { ElicitationRelayStore } from "../../../src/server/ElicitationRelayStore";
import type { ElicitationRelay, ElicitationRelayEvent, ElicitationRelayResume } from "../../../src/server/types";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, type EventReader, type StreamEvent } from "../helpers/relayHarness";
import { relayStoreKinds } from "../helpers/relayStoreKinds";

const regionForm = {
  message: "Which region?",
  requestedSchema: { type: "object", properties: { region: { type: "string", enum: ["eu", "us"] } }, required: ["region"] },
};
const confirmForm = {
  message: "Really deploy?",
  requestedSchema: { type: "object", properties: { sure: { type: "boolean" } }, required: ["sure"] },
};
const inputRequests = {
  region: { method: "elicitation/create", params: regionForm },
  confirm: { method: "elicitation/create", params: confirmForm },
};
const STATE = "opaque-server-state:s3cr3t";

const stores = relayStoreKinds("park");
const cleanup: (() => Promise<unknown> | void)[] = [];

beforeAll(stores.start, 60_000);
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
afterAll(stores.stop);

interface Instance {
  relay: ElicitationRelay;
  url: string;
}

interface Deployment {
  /** Two instances sharing one store. */
  a: Instance;
  b: Instance;
  resumed: (ElicitationRelayResume & { on: "a" | "b" })[];
  events: ElicitationRelayEvent[];
}

describe.each(stores.kinds)("parked rounds on the %s store", (_kind, makeStores) => {
  async function deploy(onResume?: (round: ElicitationRelayResume, on: "a" | "b") => void | Promise<void>, timeoutMs = 60_000): Promise<Deployment> {
    // A short lease and sweep (Redis): a parked request, held by nobody, must survive them.
    const [storeA, storeB] = makeStores(2, { leaseMs: 300, sweepMs: 100 }) as [ElicitationRelayStore, ElicitationRelayStore];
    const resumed: Deployment["resumed"] = [];
    const events: ElicitationRelayEvent[] = [];
    const make = async (store: ElicitationRelayStore, on: "a" | "b"): Promise<Instance> => {
      const relay = createElicitationRelay({
        identify: identifyByHeader,
        store,
        timeoutMs,
        roundSweepMs: 50,
        onEvent: (event) => events.push(event),
        onResume: async (round) => {
          resumed.push({ ...round, on });
          await onResume?.(round, on);
        },
      });
      const served = await serve(relay.handle);
      cleanup.push(() => relay.close(), () => served.close());
      return { relay, url: served.url };
    };
    return { a: await make(storeA, "a"), b: await make(storeB, "b"), resumed, events };
  }

  async function watchRequests(url: string, count: number): Promise<{ reader: EventReader; requests: StreamEvent[] }> {
    const reader = await openStream(url, "alice");
    cleanup.push(() => reader.close());
    await reader.next(() => reader.events.filter(isRequest).length >= count, 10_000);
    return { reader, requests: reader.events.filter(isRequest) };
  }

  const idOf = (requests: StreamEvent[], message: string) => requestId(requests.find((e) => (e.data as { params: { message: string } }).params.message === message)!);

  it("shows a parked round's requests, and resumes it once, on the instance that took the last answer, with every answer", async () => {
    const { a, b, resumed, events } = await deploy();
    const call = { name: "deploy", arguments: { app: "shop" } };
    const { roundId } = await a.relay.park({ owner: "alice", serverName: "Deployer", call, inputRequests, requestState: STATE, context: { chat: "c1" } });
    // A's function may end here: nothing of the round waits on A. Its requests show on B.
    const { requests } = await watchRequests(b.url, 2);
    expect(requests.map((e) => e.data)).toEqual([
      expect.objectContaining({ serverName: "Deployer", params: regionForm, context: { chat: "c1" } }),
      expect.objectContaining({ serverName: "Deployer", params: confirmForm, context: { chat: "c1" } }),
    ]);
    const regionId = idOf(requests, "Which region?");
    const confirmId = idOf(requests, "Really deploy?");
    // Checked exactly as any answer: refused content leaves it open, someone else gets 404.
    expect((await postAnswer(b.url, "alice", { id: regionId, result: { action: "accept", content: { region: "mars" } } })).status).toBe(400);
    expect((await postAnswer(b.url, "bob", { id: regionId, result: { action: "decline" } })).status).toBe(404);
    expect((await postAnswer(a.url, "alice", { id: regionId, result: { action: "accept", content: { region: "eu" } } })).status).toBe(200);
    expect(resumed).toEqual([]);
    expect((await postAnswer(b.url, "alice", { id: confirmId, result: { action: "accept", content: { sure: true } } })).status).toBe(200);
    // The POST that completed the round answered after the hook ran.
    expect(resumed).toEqual([
      {
        on: "b",
        roundId,
        owner: "alice",
        serverName: "Deployer",
        call,
        requestState: STATE,
        context: { chat: "c1" },
        inputResponses: { region: { action: "accept", content: { region: "eu" } }, confirm: { action: "accept", content: { sure: true } } },
        cause: "answered",
      },
    ]);
    expect((await postAnswer(a.url, "alice", { id: confirmId, result: { action: "decline" } })).body).toEqual({ error: "already-closed", reason: "answered" });
    // A new window sees nothing open; the state was never reported.
    const again = await openStream(a.url, "alice");
    cleanup.push(() => again.close());
    expect((await again.next((e) => e.event === "ready")).data).toEqual({ open: [] });
    expect(JSON.stringify(events)).not.toContain("s3cr3t");
    expect(events.filter((e) => e.type === "resumed")).toEqual([expect.objectContaining({ roundId, cause: "user" })]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resumed).toHaveLength(1);
  }, 20_000);

  it("resumes a round answered twice (two windows, two instances, racing POSTs per key) once", async () => {
    const { a, b, resumed } = await deploy();
    await a.relay.park({ owner: "alice", serverName: "Deployer", call: { name: "deploy" }, inputRequests, requestState: STATE });
    const { requests } = await watchRequests(a.url, 2);
    const regionId = idOf(requests, "Which region?");
    const confirmId = idOf(requests, "Really deploy?");
    const replies = await Promise.all([
      postAnswer(a.url, "alice", { id: regionId, result: { action: "accept", content: { region: "eu" } } }),
      postAnswer(b.url, "alice", { id: regionId, result: { action: "accept", content: { region: "us" } } }),
      postAnswer(b.url, "alice", { id: confirmId, result: { action: "accept", content: { sure: true } } }),
      postAnswer(a.url, "alice", { id: confirmId, result: { action: "decline" } }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resumed).toHaveLength(1);
    const region = replies[0]!.status === 200 ? "eu" : "us";
    const confirm = replies[2]!.status === 200 ? { action: "accept", content: { sure: true } } : { action: "decline" };
    expect(resumed[0]!.inputResponses).toEqual({ region: { action: "accept", content: { region } }, confirm });
  }, 20_000);

  it("expires an abandoned round: its requests close (timeout) and it resumes once with cancel for every unanswered key", async () => {
    const { a, b, resumed } = await deploy(undefined, 2_000);
    const { roundId } = await a.relay.park({ owner: "alice", serverName: "Deployer", call: { name: "deploy" }, inputRequests, requestState: STATE });
    const { reader, requests } = await watchRequests(b.url, 2);
    const regionId = idOf(requests, "Which region?");
    const confirmId = idOf(requests, "Really deploy?");
    expect((requests[0]!.data as { deadline: number }).deadline).toBeGreaterThan(Date.now());
    expect((await postAnswer(b.url, "alice", { id: regionId, result: { action: "accept", content: { region: "us" } } })).status).toBe(200);
    // Past the lease (300 ms) and several sweeps: still open until its own deadline.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reader.events.filter((e) => e.event === "closed").map((e) => e.data)).toEqual([{ id: regionId, reason: "answered" }]);
    expect(resumed).toEqual([]);
    expect((await reader.next((e) => e.event === "closed" && (e.data as { id: string }).id === confirmId, 5_000)).data).toEqual({ id: confirmId, reason: "timeout" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatchObject({
      roundId,
      requestState: STATE,
      cause: "timeout",
      inputResponses: { region: { action: "accept", content: { region: "us" } }, confirm: { action: "cancel" } },
    });
    expect((await postAnswer(a.url, "alice", { id: confirmId, result: { action: "decline" } })).body).toEqual({ error: "already-closed", reason: "timeout" });
  }, 20_000);

  it("refuses a round with an invalid elicitation or another method, naming it, and parks nothing", async () => {
    const { a, b, events } = await deploy();
    const bad = { region: inputRequests.region, broken: { method: "elicitation/create", params: { message: "No schema" } } };
    await expect(a.relay.park({ owner: "alice", serverName: "Deployer", call: { name: "deploy" }, inputRequests: bad })).rejects.toMatchObject({ code: -32602 });
    // The same error `relay.request` gives for the same params.
    const direct = await a.relay.request({ owner: "alice", serverName: "Deployer", params: bad.broken.params }).catch((error: unknown) => error);
    await expect(a.relay.park({ owner: "alice", serverName: "Deployer", call: { name: "deploy" }, inputRequests: bad })).rejects.toThrow((direct as Error).message);
    const sampling = { region: inputRequests.region, summary: { method: "sampling/createMessage", params: { messages: [] } } };
    const refused = a.relay.park({ owner: "alice", serverName: "Deployer", call: { name: "deploy" }, inputRequests: sampling });
    await expect(refused).rejects.toMatchObject({ name: "ElicitationRelayRequestError", code: -32602, reason: "invalid-params", data: { key: "summary" } });
    await expect(refused).rejects.toThrow(/inputRequests\["summary"\].*sampling\/createMessage/);
    await expect(a.relay.park({ owner: "alice", serverName: "Deployer", call: { name: "deploy" }, inputRequests: {} })).rejects.toMatchObject({ code: -32602 });
    const reader = await openStream(b.url, "alice");
    cleanup.push(() => reader.close());
    expect((await reader.next((e) => e.event === "ready")).data).toEqual({ open: [] });
    expect(events.filter((e) => e.type === "parked")).toEqual([]);
  }, 20_000);

  it("counts a round once against the rate, its questions against the open maximum, and refuses with the relay's error type", async () => {
    const [store] = makeStores(1, {}) as [ElicitationRelayStore];
    const relay = createElicitationRelay({ identify: identifyByHeader, store, rateLimit: { max: 2, windowMs: 60_000 }, maxOpenPerPerson: 3, onResume: () => undefined });
    cleanup.push(() => relay.close());
    const park = (asked: Record<string, unknown>) => relay.park({ owner: "alice", serverName: "Deployer", call: { name: "deploy" }, inputRequests: asked });
    // Two questions, one admission.
    await expect(park(inputRequests)).resolves.toMatchObject({ roundId: expect.any(String) });
    // Two more would make four open: none of them is kept.
    const full = await park(inputRequests).catch((error: unknown) => error);
    expect(full).toMatchObject({ name: "ElicitationRelayRequestError", code: -32000, reason: "too-many-open", data: { max: 3 } });
    // Two rounds were admitted (the refused one counted, as a refused relay.request does): the third is over the rate.
    const limited = await park({ region: inputRequests.region }).catch((error: unknown) => error);
    expect(limited).toMatchObject({ name: "ElicitationRelayRequestError", code: -32000, reason: "rate-limited", data: { max: 2, windowMs: 60_000 } });
    // Alice's first round is still the only one open.
    expect((await store.snapshot("alice")).open).toHaveLength(2);
  });

  it("reports a hook that throws, and does not resume that round again", async () => {
    const { a, b, resumed, events } = await deploy(() => {
      throw new Error(`retry failed with ${STATE}`);
    });
    const { roundId } = await a.relay.park({ owner: "alice", serverName: "Deployer", call: { name: "deploy" }, inputRequests: { region: inputRequests.region }, requestState: STATE });
    const { requests } = await watchRequests(b.url, 1);
    const reply = await postAnswer(b.url, "alice", { id: requestId(requests[0]!), result: { action: "decline" } });
    // The answer was taken: the person is not told the host's retry failed.
    expect(reply.status).toBe(200);
    expect(events.filter((e) => e.type === "resume-failed")).toEqual([expect.objectContaining({ roundId, owner: "alice", error: "Error" })]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resumed).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain("s3cr3t");
  }, 20_000);
});
