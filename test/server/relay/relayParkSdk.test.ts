// @vitest-environment node
// Rounds that outlive a function, end to end: a real SDK v2 server of the 2026-07-28 era over HTTP
// on 127.0.0.1; host instances in their own Node processes sharing one real redis-server. Process A
// calls the tool, gets input_required, parks the round and exits; a "browser" (Node fetch reading
// the event stream) answers through B; B retries the call, and the tool completes exactly once.
import { fork, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createMcpHandler, inputRequired, McpServer } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sendFetchResponse } from "../../../src/server/sendFetchResponse";
import { toFetchRequest } from "../../../src/server/toFetchRequest";
import { isRequest, openStream, postAnswer, requestId, type EventReader, type StreamEvent } from "../helpers/relayHarness";
import { startRedis, type RunningRedis } from "../helpers/redisServer";

const regionForm = {
  mode: "form",
  message: "Which region?",
  requestedSchema: { type: "object", properties: { region: { type: "string", enum: ["eu", "us"] } }, required: ["region"] },
};
const confirmForm = {
  mode: "form",
  message: "Really deploy?",
  requestedSchema: { type: "object", properties: { sure: { type: "boolean" } }, required: ["sure"] },
};
const SECRET_STATE = "deploy-round-1:token=s3cr3t";

interface Completion {
  arguments: unknown;
  responses: unknown;
  state: unknown;
}

let redis: RunningRedis;
let mcpUrl: string;
let http: Server;
/** Every time the tool ran to its end (with the answers), on the server. */
const completions: Completion[] = [];
const children: ChildProcess[] = [];
const readers: EventReader[] = [];
let prefixCount = 0;

/** A 2026-07-28 server: "deploy" asks two questions in one round, then completes (or reports a cancel). */
function deployServer() {
  return createMcpHandler(() => {
    const server = new McpServer({ name: "deployer", version: "2.0.0" });
    server.registerTool("deploy", { description: "Deploys after asking where", inputSchema: z.object({ app: z.string() }) }, async (args, ctx) => {
      const responses = ctx.mcpReq.inputResponses;
      if (!responses) {
        return inputRequired({
          inputRequests: { region: inputRequired.elicit(regionForm as never), confirm: inputRequired.elicit(confirmForm as never) },
          requestState: SECRET_STATE,
        });
      }
      completions.push({ arguments: args, responses, state: ctx.mcpReq.requestState() });
      const actions = Object.values(responses as Record<string, { action: string }>).map((r) => r.action);
      const text = actions.every((action) => action === "accept") ? `deployed ${JSON.stringify(responses)}` : `cancelled (${actions.join(", ")})`;
      return { content: [{ type: "text", text }] };
    });
    return server;
  });
}

interface Instance {
  url: string;
  child: ChildProcess;
  messages: { type: string; [key: string]: unknown }[];
  next(type: string, timeoutMs?: number): Promise<{ type: string; [key: string]: unknown }>;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

async function startInstance(prefix: string): Promise<Instance> {
  const child = fork(join(import.meta.dirname, "parkInstance.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, REDIS_URL: redis.url, RELAY_PREFIX: prefix, MCP_URL: mcpUrl },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.push(child);
  const messages: Instance["messages"] = [];
  const waiters = new Set<() => void>();
  child.on("message", (message: Instance["messages"][number]) => {
    messages.push(message);
    for (const waiter of [...waiters]) waiter();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const next = (type: string, timeoutMs = 15_000) =>
    new Promise<Instance["messages"][number]>((resolve, reject) => {
      const check = () => {
        const found = messages.find((m) => m.type === type);
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no "${type}" within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const { url } = (await next("listening")) as unknown as { url: string };
  return {
    url,
    child,
    messages,
    next,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: "close" });
      await exited;
    },
  };
}

/** A calls the tool, parks the round and exits. */
async function parkOnA(prefix: string, timeoutMs?: number, started?: Promise<Instance>): Promise<string> {
  const a = await (started ?? startInstance(prefix));
  a.child.send({ type: "call", owner: "alice", name: "deploy", arguments: { app: "shop" }, timeoutMs, exitAfter: true });
  const { roundId } = (await a.next("parked")) as unknown as { roundId: string };
  expect(await a.exited).toBe(0);
  return roundId;
}

async function browserSees(url: string, count: number): Promise<{ reader: EventReader; ids: Record<string, string> }> {
  const reader = await openStream(url, "alice");
  readers.push(reader);
  await reader.next(() => reader.events.filter(isRequest).length >= count, 15_000);
  const ids: Record<string, string> = {};
  for (const event of reader.events.filter(isRequest)) {
    const { params } = event.data as { params: { message: string } };
    ids[params.message === "Which region?" ? "region" : "confirm"] = requestId(event as StreamEvent);
  }
  return { reader, ids };
}

const textOf = (message: Record<string, unknown>) => (message.result as { content: { text: string }[] }).content[0]!.text;

beforeAll(async () => {
  redis = await startRedis();
  const handler = deployServer();
  http = createServer((req, res) => void handler.fetch(toFetchRequest(req)).then((response) => sendFetchResponse(res, response)));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  mcpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
}, 20_000);

afterAll(async () => {
  for (const reader of readers) reader.close();
  for (const child of children) if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGKILL");
  http?.closeAllConnections();
  await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
  await redis?.stop();
});

describe("a parked input_required round, two processes, one Redis, a real SDK v2 server", () => {
  it("A parks and exits; the person answers through B; B retries the call and the tool completes once with the answers", async () => {
    const prefix = `p${prefixCount++}`;
    completions.length = 0;
    const roundId = await parkOnA(prefix);
    const b = await startInstance(prefix);
    const { ids, reader } = await browserSees(b.url, 2);
    expect(reader.events.filter(isRequest).map((e) => e.data)).toEqual([
      expect.objectContaining({ serverName: "Deployer", params: regionForm, context: { chat: "chat-7" } }),
      expect.objectContaining({ serverName: "Deployer", params: confirmForm, context: { chat: "chat-7" } }),
    ]);
    expect((await postAnswer(b.url, "alice", { id: ids.region, result: { action: "accept", content: { region: "eu" } } })).status).toBe(200);
    expect((await postAnswer(b.url, "alice", { id: ids.confirm, result: { action: "accept", content: { sure: true } } })).status).toBe(200);
    const resumed = await b.next("resumed");
    const answers = { region: { action: "accept", content: { region: "eu" } }, confirm: { action: "accept", content: { sure: true } } };
    expect(resumed).toMatchObject({ roundId, cause: "answered", inputResponses: answers });
    expect(textOf(resumed)).toBe(`deployed ${JSON.stringify(answers)}`);
    expect(completions).toEqual([{ arguments: { app: "shop" }, responses: answers, state: SECRET_STATE }]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(completions).toHaveLength(1);
    expect(b.messages.filter((m) => m.type === "resumed")).toHaveLength(1);
    await b.stop();
  }, 40_000);

  it("resumes a round answered twice (racing POSTs per key to B and C) once", async () => {
    const prefix = `p${prefixCount++}`;
    completions.length = 0;
    await parkOnA(prefix);
    const [b, c] = await Promise.all([startInstance(prefix), startInstance(prefix)]);
    const { ids } = await browserSees(c.url, 2);
    const replies = await Promise.all([
      postAnswer(b.url, "alice", { id: ids.region, result: { action: "accept", content: { region: "eu" } } }),
      postAnswer(c.url, "alice", { id: ids.region, result: { action: "accept", content: { region: "us" } } }),
      postAnswer(c.url, "alice", { id: ids.confirm, result: { action: "accept", content: { sure: true } } }),
      postAnswer(b.url, "alice", { id: ids.confirm, result: { action: "accept", content: { sure: false } } }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    await Promise.race([b.next("resumed"), c.next("resumed")]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect([...b.messages, ...c.messages].filter((m) => m.type === "resumed")).toHaveLength(1);
    expect(completions).toHaveLength(1);
    const region = replies[0]!.status === 200 ? "eu" : "us";
    const sure = replies[2]!.status === 200;
    expect(completions[0]!.responses).toEqual({ region: { action: "accept", content: { region } }, confirm: { action: "accept", content: { sure } } });
    await Promise.all([b.stop(), c.stop()]);
  }, 40_000);

  it("expires an abandoned round: B resumes it once with cancel for the unanswered key, and the tool completes as cancelled", async () => {
    const prefix = `p${prefixCount++}`;
    completions.length = 0;
    // Both processes start first: the round's short life is not spent starting Node under load.
    const [a, b] = await Promise.all([startInstance(prefix), startInstance(prefix)]);
    const roundId = await parkOnA(prefix, 4_000, Promise.resolve(a));
    const { ids, reader } = await browserSees(b.url, 2);
    expect((await postAnswer(b.url, "alice", { id: ids.region, result: { action: "accept", content: { region: "us" } } })).status).toBe(200);
    expect((await reader.next((e) => e.event === "closed" && (e.data as { id: string }).id === ids.confirm, 15_000)).data).toEqual({ id: ids.confirm, reason: "timeout" });
    const resumed = await b.next("resumed");
    expect(resumed).toMatchObject({ roundId, cause: "timeout" });
    expect(textOf(resumed)).toBe("cancelled (accept, cancel)");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(completions).toEqual([
      { arguments: { app: "shop" }, responses: { region: { action: "accept", content: { region: "us" } }, confirm: { action: "cancel" } }, state: SECRET_STATE },
    ]);
    await b.stop();
  }, 40_000);
});
