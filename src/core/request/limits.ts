// Upper bounds on what a server may ask for. A request over any of them is refused with JSON-RPC
// -32602 before anything is drawn, so a hostile or careless server cannot make the page slow.

import type { ElicitationLimits } from "../types";

export type { ElicitationLimits };

/** The defaults: generous for any real form, small enough that parsing and drawing stay instant. */
export const defaultElicitationLimits: Readonly<ElicitationLimits> = Object.freeze({
  maxProperties: 50,
  maxMessageLength: 5_000,
  maxTextLength: 2_000,
  maxOptions: 200,
  maxStringLength: 10_000,
  maxPatternLength: 1_000,
  maxFileSize: 6_000_000,
  maxSchemaDepth: 12,
  maxSchemaNodes: 20_000,
});

/** The defaults with any of them replaced; values that are not whole numbers ≥ 0 are ignored. */
export function resolveElicitationLimits(limits?: Partial<ElicitationLimits>): ElicitationLimits {
  const resolved: ElicitationLimits = { ...defaultElicitationLimits };
  if (limits === undefined || limits === null || typeof limits !== "object") return resolved;
  for (const key of Object.keys(defaultElicitationLimits) as (keyof ElicitationLimits)[]) {
    const value = Object.prototype.hasOwnProperty.call(limits, key) ? limits[key] : undefined;
    if (typeof value === "number" && (Number.isInteger(value) || value === Infinity) && value >= 0) resolved[key] = value;
  }
  return resolved;
}

/** Length in code points, as JSON Schema counts it, without building an array for long strings. */
export function codePointLength(text: string, stopAfter = Infinity): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++count > stopAfter) return count;
  }
  return count;
}
