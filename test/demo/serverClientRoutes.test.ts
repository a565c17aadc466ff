// @vitest-environment node
// Server-client mode's routes over real HTTP from Node: the demo's client per person, its questions
// on the relay's stream, and the JSON API the page calls tools through — each person's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo, type RunningDemo } from "../../demo/startDemo";

let demo: RunningDemo;
beforeAll(async () => {
  demo = await startDemo();
}, 60_000);
afterAll(async () => {
  await demo?.close();
});

/** A new person: the cookie the demo sets on the first visit. */
async function newPerson(): Promise<string> {
  const response = await fetch(demo.url);
  await response.text();
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

/** The first `event: request` of the person's relay stream: its id and the question. */
async function nextQuestion(cookie: string, signal: AbortSignal): Promise<{ id: string; params: { message: string } }> {
  const response = await fetch(new URL("/api/elicitation", demo.url), { headers: { cookie, accept: "text/event-stream" }, signal });
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (;;) {
    // Events end with a blank line; each has its `event:`, `id:` and `data:` lines in any order.
    for (const block of text.split("\n\n").slice(0, -1)) {
      const lines = block.split("\n");
      const data = lines.find((line) => line.startsWith("data: "));
      if (lines.includes("event: request") && data) return JSON.parse(data.slice(6)) as { id: string; params: { message: string } };
    }
    const { value, done } = await reader.read();
    if (done) throw new Error("the stream ended");
    text += value;
  }
}

function callTool(cookie: string, name: string, contentType = "application/json"): Promise<Response> {
  return fetch(new URL("/api/tools/call", demo.url), { method: "POST", headers: { cookie, "content-type": contentType }, body: JSON.stringify({ name }) });
}

describe("server-client mode's routes", () => {
  it("a tool's question reaches its person's stream; the answer posted there is what the tool returns", async () => {
    const cookie = await newPerson();
    const tools = (await (await fetch(new URL("/api/tools", demo.url), { headers: { cookie } })).json()) as { tools: { name: string }[]; calls: unknown[] };
    expect(tools.tools.map((tool) => tool.name)).toContain("github_username");
    expect(tools.calls).toEqual([]);

    const stream = new AbortController();
    const question = nextQuestion(cookie, stream.signal);
    const call = callTool(cookie, "github_username");
    const { id, params } = await question;
    expect(params.message).toBe("Please provide your GitHub username");
    const answer = await fetch(new URL("/api/elicitation", demo.url), {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ id, result: { action: "accept", content: { name: "octocat" } } }),
    });
    expect(answer.status).toBe(200);
    const finished = (await (await call).json()) as { id: string; state: string; text: string };
    expect(finished).toMatchObject({ tool: "github_username", state: "done", text: 'Server received: {"action":"accept","content":{"name":"octocat"}}' });
    stream.abort();

    // Kept for a reloaded page, and this person's alone.
    const again = (await (await fetch(new URL("/api/tools", demo.url), { headers: { cookie } })).json()) as { calls: { id: string }[] };
    expect(again.calls.map((each) => each.id)).toEqual([finished.id]);
    const stranger = await newPerson();
    expect((await fetch(new URL(`/api/tools/calls/${finished.id}`, demo.url), { headers: { cookie: stranger } })).status).toBe(404);
    expect((await fetch(new URL(`/api/tools/calls/${finished.id}`, demo.url), { headers: { cookie } })).status).toBe(200);
  }, 30_000);

  it("refuses without the person's cookie (401) and a tool call that is not JSON (415)", async () => {
    expect((await fetch(new URL("/api/tools", demo.url))).status).toBe(401);
    expect((await fetch(new URL("/api/elicitation", demo.url), { headers: { accept: "text/event-stream" } })).status).toBe(401);
    const cookie = await newPerson();
    expect((await callTool(cookie, "github_username", "text/plain")).status).toBe(415);
  }, 30_000);
});
