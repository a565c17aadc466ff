// The model: the AI SDK's own mock (from "ai/test"), scripted so the example runs without a provider key.
// Asked "deploy web and api", it calls "deploy" once per service (in one step); shown the results, it
// quotes them; "deploy web after 20 s" has the tool build for 20 s before it asks. Swap it for a real
// model and nothing else changes.
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";

type StreamPart = Awaited<ReturnType<MockLanguageModelV4["doStream"]>>["stream"] extends ReadableStream<infer Part> ? Part : never;
const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };

/** Every string under a `text` key: a message's or a tool result's text, whatever its wrapping. */
const textsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(textsOf) : typeof value === "object" && value !== null ? Object.entries(value).flatMap(([key, item]) => (key === "text" && typeof item === "string" ? [item] : textsOf(item))) : [];

function reply(prompt: { role: string; content: unknown }[]): StreamPart[] {
  const last = prompt.at(-1);
  if (last?.role === "tool") {
    return [
      { type: "text-start", id: "answer" },
      { type: "text-delta", id: "answer", delta: `The deploy tool answered: ${textsOf(last.content).join(" ")}` },
      { type: "text-end", id: "answer" },
      { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage },
    ];
  }
  // "deploy web after 20 s": the tool builds for that long before it asks (time to close the tab).
  const [, what = "", after] = /^\s*(?:deploy\s*)?(.*?)(?:\s+after\s+(\d+)\s*s)?\s*$/i.exec(textsOf(last?.content).join(" ")) ?? [];
  const services = what.split(/\s*(?:,|\band\b)\s*/).filter(Boolean);
  const input = (service: string) => JSON.stringify(after ? { service, afterSeconds: Number(after) } : { service });
  return [
    ...(services.length ? services : ["web"]).map((service, index): StreamPart => ({ type: "tool-call", toolCallId: `call-${crypto.randomUUID()}-${index}`, toolName: "deploy", input: input(service) })),
    { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage },
  ];
}

export const scriptedModel = () => new MockLanguageModelV4({ doStream: async ({ prompt }) => ({ stream: simulateReadableStream({ chunks: reply(prompt), initialDelayInMs: 200, chunkDelayInMs: 50 }) }) });
