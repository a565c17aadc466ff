// @vitest-environment node
// A file answered through the relay over real HTTP, the body sent by another process (curl),
// while this process's event loop is watched (perf_hooks.monitorEventLoopDelay): what one large
// answer costs every other person on the instance.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { fileInputs } from "../../../src/core/request/fileInputs";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import type { ElicitationRelay } from "../../../src/server/types";
import { identifyByHeader, isRequest, openStream, requestId, serve, type EventReader, type Served } from "../helpers/relayHarness";

const run = promisify(execFile);
const TEN_MEGABYTES = 10 * 1024 * 1024;
const form = {
  message: "Attach the signed scan.",
  requestedSchema: {
    type: "object",
    properties: { scan: { type: "string", format: "uri", title: "Scan", "x-mcp-file": { accept: ["application/pdf"] } } },
    required: ["scan"],
  },
};

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function answerOf(bytes: number) {
  const relay: ElicitationRelay = createElicitationRelay({ identify: identifyByHeader, fileInputs, limits: { maxFileSize: TEN_MEGABYTES } });
  const server: Served = await serve(relay.handle);
  const stream: EventReader = await openStream(server.url, "alice");
  cleanups.push(() => relay.close(), () => server.close(), () => stream.close());
  const answer = relay.request({ owner: "alice", serverName: "Archive", params: form });
  const id = requestId(await stream.next(isRequest));
  const scan = `data:application/pdf;name=scan.pdf;base64,${Buffer.alloc(bytes, 0x41).toString("base64")}`;
  const dir = await mkdtemp(join(tmpdir(), "rme-answer-"));
  cleanups.push(() => rm(dir, { recursive: true }));
  const body = join(dir, "body.json");
  await writeFile(body, JSON.stringify({ id, result: { action: "accept", content: { scan } } }));
  // Let the writes and the stream settle before watching.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const { stdout } = await run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "x-user: alice", "-H", "content-type: application/json", "--data-binary", `@${body}`, server.url]);
  const result = await answer;
  const elapsed = performance.now() - started;
  delay.disable();
  return { status: stdout, result, elapsed, maxDelay: delay.max / 1e6, p99: delay.percentile(99) / 1e6, length: scan.length };
}

describe("a file through the relay", () => {
  // What one answer costs the others on the instance grows with the file: the figures printed here
  // are the ones docs/relay.md gives hosts to choose maxFileSize by.
  it.each([
    ["1 MB", 1024 * 1024],
    ["6 MB (the default maxFileSize)", 6_000_000],
    ["10 MB", TEN_MEGABYTES],
  ])("of %s is checked and reaches the MCP side intact; the event-loop delay it causes is measured", async (label, bytes) => {
    // A small answer first: the schema's validator is compiled once per process, not measured here.
    const small = await answerOf(1024);
    const { status, result, elapsed, maxDelay, p99, length } = await answerOf(bytes);
    expect(status).toBe("200");
    expect(result.action).toBe("accept");
    const scan = (result as unknown as { content: { scan: string } }).content.scan;
    expect(scan.length).toBe(length);
    expect(scan.slice(0, 50)).toBe("data:application/pdf;name=scan.pdf;base64,QUFBQUFB");
    console.log(`${label} answer (${length} characters): taken in ${elapsed.toFixed(0)} ms, event-loop delay max ${maxDelay.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (a 1 KB answer just before: max ${small.maxDelay.toFixed(0)} ms)`);
  }, 120_000);
});
