// The wire of remembered decisions, read the same way by both sides: a request event's `remember` offer
// and `remembered` line, an answer's `remember`, a Forget's key. What a reader does not know is not
// offered; what is malformed is refused, so an answered question never becomes a card to answer again.
import { describe, expect, it } from "vitest";
import { parseRelayAnswer } from "../../../src/core/relay/parseRelayAnswer";
import { readRelayEvent } from "../../../src/core/relay/readRelayEvent";

const key = `chat.${"A".repeat(43)}`;
const request = (extra: Record<string, unknown>) => JSON.stringify({ id: "abc", serverName: "Deploy", params: { message: "Where?" }, receivedAt: 1, ...extra });

describe("remembered decisions on the wire", () => {
  it("a request event: the scopes a reader knows are offered; `remembered` must be { key, at }", () => {
    expect(readRelayEvent("request", request({ remember: ["chat", "server", "forever"] }))).toMatchObject({ kind: "request", request: { remember: ["chat", "server"] } });
    expect(readRelayEvent("request", request({ remember: ["forever"] }))).toMatchObject({ kind: "request", request: { id: "abc" } });
    expect((readRelayEvent("request", request({ remember: ["forever"] })) as { request: object }).request).not.toHaveProperty("remember");
    expect(readRelayEvent("request", request({ remembered: { key, at: 5 } }))).toMatchObject({ kind: "request", request: { remembered: { key, at: 5 } } });
    for (const remembered of [{ key: "chat.short", at: 5 }, { key, at: "yesterday" }, "yes", null]) {
      expect(readRelayEvent("request", request({ remembered })).kind).toBe("malformed");
    }
  });

  it("an answer: `remember` only beside an accept, and only a known scope; a Forget names a decision's key", async () => {
    const accept = { action: "accept", content: { region: "eu" } };
    expect(await parseRelayAnswer(JSON.stringify({ id: "abc", result: accept, remember: "server" }))).toEqual({ ok: true, answer: { id: "abc", result: accept, remember: "server" } });
    expect(await parseRelayAnswer(JSON.stringify({ id: "abc", result: { action: "decline" }, remember: "chat" }))).toEqual({ ok: false, message: "remember goes with an accept only." });
    expect(await parseRelayAnswer(JSON.stringify({ id: "abc", result: accept, remember: "always" }))).toEqual({ ok: false, message: 'remember must be "chat" or "server".' });
    expect(await parseRelayAnswer(JSON.stringify({ forget: key }))).toEqual({ ok: true, forget: key });
    expect(await parseRelayAnswer(JSON.stringify({ forget: "*" }))).toEqual({ ok: false, message: "forget must be the key of a remembered decision." });
  });
});
