// JSON.parse for a body that may be megabytes long without holding the event loop: a file's data: URI
// is one string of millions of characters, and JSON.parse reads it in one task (30–120 ms for 10 MB,
// more on a busy machine). Each long string is checked a quarter million characters per turn instead, and
// what is left — the structure with short placeholders — is parsed in one go. The result, and
// whether there is one, are JSON.parse's; a string with escapes is decoded by JSON.parse itself.

import { nextTurn } from "./nextTurn";

/** Characters checked per turn of the loop: a few milliseconds of work on an idle core. */
const STEP = 256 * 1024;
/** Strings at least this long are taken out and checked in steps; shorter ones stay in place. */
const LONG = 64 * 1024;
// JSON forbids raw control characters in a string.
const CONTROL = /[\u0000-\u001f]/;


export type ParsedJson = { ok: true; value: unknown } | { ok: false };

function parseWhole(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The index of the quote that closes the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at >= 0; at = text.indexOf('"', at + 1)) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return at;
  }
  return -1;
}

/** The value of the long string `text.slice(open, close + 1)` (quotes included), checked in steps, or undefined when JSON.parse would refuse it. */
async function longString(text: string, open: number, close: number): Promise<string | undefined> {
  let escaped = false;
  for (let from = open + 1; from < close; from += STEP) {
    await nextTurn();
    const piece = text.slice(from, Math.min(close, from + STEP));
    if (CONTROL.test(piece)) return undefined;
    escaped ||= piece.includes("\\");
  }
  if (!escaped) return text.slice(open + 1, close);
  // Escapes (never in a data: URI): JSON.parse decodes them, and judges them.
  await nextTurn();
  const parsed = parseWhole(text.slice(open, close + 1));
  return parsed.ok ? (parsed.value as string) : undefined;
}

/** JSON.parse of `text`, its long strings checked a quarter million characters per turn. */
export async function parseJsonInSteps(text: string): Promise<ParsedJson> {
  if (text.length < 2 * LONG) return parseWhole(text);
  // Placeholders no sender can guess: a long string's place in the structure.
  const tag = `\uE000${Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join("")}:`;
  const structure: string[] = [];
  const strings: string[] = [];
  let kept = 0;
  for (let open = text.indexOf('"'); open >= 0; ) {
    // Outside a string here: this quote opens one.
    const close = closingQuote(text, open);
    if (close < 0) return { ok: false };
    if (close - open - 1 >= LONG) {
      const value = await longString(text, open, close);
      if (value === undefined) return { ok: false };
      structure.push(text.slice(kept, open), JSON.stringify(`${tag}${strings.length}`));
      strings.push(value);
      kept = close + 1;
    }
    open = text.indexOf('"', close + 1);
  }
  if (strings.length === 0) return parseWhole(text);
  structure.push(text.slice(kept));
  await nextTurn();
  const original = (value: unknown) => (typeof value === "string" && value.startsWith(tag) ? strings[Number(value.slice(tag.length))] : value);
  try {
    const value: unknown = JSON.parse(structure.join(""), (_key, value: unknown) => {
      if (typeof value === "string") return original(value);
      if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
      // A long key: the object is made again with it, its keys in the same order (own properties, even `__proto__`).
      const keys = Object.keys(value);
      if (!keys.some((key) => key.startsWith(tag))) return value;
      return Object.fromEntries(keys.map((key) => [original(key), (value as Record<string, unknown>)[key]]));
    });
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}
