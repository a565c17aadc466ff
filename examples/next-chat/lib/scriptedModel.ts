// The model: the AI SDK's own mock language model (from "ai/test"), scripted, so the example runs
// without a provider key. Asked by the person, it calls "deploy" once per service named ("deploy web",
// "deploy web and api": two calls in one step); shown the tools' results, it answers quoting them.
// Swap it for a real one (`model: openai("…")`) and nothing else changes.
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";

/** One part of what a model streams (tool call, text delta, finish), as the mock's `doStream` types it. */
type StreamPart = Awaited<ReturnType<MockLanguageModelV4["doStream"]>>["stream"] extends ReadableStream<infer Part> ? Part : never;

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** Every string under a `text` key: the text content of a tool result, whatever its wrapping. */
function textsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => (key === "text" && typeof item === "string" ? [item] : textsOf(item)));
}

function reply(prompt: { role: string; content: unknown }[]): StreamPart[] {
  const last = prompt.at(-1);
  if (last?.role === "tool") {
    const results = textsOf(last.content).join(" ");
    return [
      { type: "text-start", id: "answer" },
      { type: "text-delta", id: "answer", delta: `The deploy tool answered: ${results}` },
      { type: "text-end", id: "answer" },
      { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage },
    ];
  }
  const asked = textsOf(last?.content).join(" ");
  const services = asked.replace(/^\s*deploy\s*/i, "").split(/\s*(?:,|\band\b)\s*/).filter(Boolean);
  return [
    ...(services.length ? services : ["web"]).map((service, index): StreamPart => ({
      type: "tool-call",
      toolCallId: `call-${crypto.randomUUID()}-${index}`,
      toolName: "deploy",
      input: JSON.stringify({ service }),
    })),
    { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage },
  ];
}

export function createScriptedModel() {
  return new MockLanguageModelV4({
    doStream: async ({ prompt }) => ({
      stream: simulateReadableStream({ chunks: reply(prompt), initialDelayInMs: 200, chunkDelayInMs: 50 }),
    }),
  });
}
