// @vitest-environment node
// The relay reads a POST body that may hold a 10 MB file in steps: whatever the body, the value (or
// the refusal) must be JSON.parse's, and the event loop must turn while a long string is read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsonInSteps } from "../../../src/core/shared/parseJsonInSteps";

function expectSameAsJsonParse(text: string, result: Awaited<ReturnType<typeof parseJsonInSteps>>): void {
  let expected: unknown;
  try {
    expected = JSON.parse(text);
  } catch {
    expect(result.ok, "JSON.parse refuses it").toBe(false);
    return;
  }
  expect(result.ok, "JSON.parse reads it").toBe(true);
  if (!result.ok) return;
  expect(result.value).toStrictEqual(expected);
  // Key order and own `__proto__` keys too: the same text again.
  expect(JSON.stringify(result.value)).toBe(JSON.stringify(expected));
}

// Long strings made of a repeated piece: escapes, quotes, control characters, surrogates, a backslash at the end.
const piece = fc.oneof(
  fc.constantFrom("QUFB", "a\\\"b", "\\\\", "\\u00e9", "\\ud83d\\ude00", "\\x", "\u0001", "\"", "é😀", "\\", "\\u12"),
  fc.string({ unit: "binary", maxLength: 8 }),
);
const longText = fc.tuple(piece, fc.integer({ min: 16_000, max: 40_000 }), fc.boolean()).map(([p, times, raw]) => ({ p, times, raw }));

describe("parseJsonInSteps", () => {
  it("reads every body as JSON.parse does: the same value, or a refusal where it refuses", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(longText, { minLength: 1, maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }), fc.nat(), async (longs, around, cut) => {
        // Either real JSON (the long strings serialised) or their raw text between quotes (escapes as written, maybe invalid).
        const strings = longs.map(({ p, times, raw }) => (raw ? `"${p.repeat(times)}"` : JSON.stringify(p.repeat(times))));
        const text = `{"around":${JSON.stringify(around)},"files":[${strings.join(",")}],${strings[0]}:${strings.at(-1)}}`;
        expectSameAsJsonParse(text, await parseJsonInSteps(text));
        // A body cut short anywhere is refused as JSON.parse refuses it.
        const short = text.slice(0, cut % text.length);
        expectSameAsJsonParse(short, await parseJsonInSteps(short));
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it("keeps long keys in their place, an own __proto__ key as a key, and the last of repeated keys", async () => {
    const long = "k".repeat(200_000);
    for (const text of [
      `{"a":1,"${long}":2,"__proto__":{"x":1},"b":"${long}"}`,
      `{"${long}":1,"a":2,"${long}":3}`,
      `[" ${long}", {"__proto__":"${long}"}]`,
      `{"${long}":1,}`,
    ]) {
      expectSameAsJsonParse(text, await parseJsonInSteps(text));
    }
  }, 30_000);

  it("lets the event loop turn while a 14-million-character string is read", async () => {
    const text = JSON.stringify({ id: "x", result: { action: "accept", content: { scan: `data:application/pdf;base64,${"QUFB".repeat(3_500_000)}` } } });
    // Another piece of work, run on every turn of the loop it gets.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const parsed = await parseJsonInSteps(text);
    ticking = false;
    expect(parsed).toStrictEqual({ ok: true, value: JSON.parse(text) });
    expect(turns).toBeGreaterThanOrEqual(10);
  }, 30_000);
});
