// Decodes an IDNA "xn--" hostname back to Unicode so the UI can show what a punycode domain
// pretends to be. Pure and dependency-free (RFC 3492), so it runs on servers and in browsers alike.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  let d = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / numPoints);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 22; // 0-9 → 26-35
  if (code >= 65 && code <= 90) return code - 65; // A-Z
  if (code >= 97 && code <= 122) return code - 97; // a-z
  return BASE;
}

/** Decodes one punycode label (without "xn--"); undefined when it is not valid punycode. */
function decodeLabel(input: string): string | undefined {
  const output: number[] = [];
  const basicEnd = input.lastIndexOf("-");
  for (let j = 0; j < Math.max(basicEnd, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let pos = basicEnd > 0 ? basicEnd + 1 : 0; pos < input.length; ) {
    const oldI = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (pos >= input.length) return undefined;
      const digit = digitOf(input.charCodeAt(pos++));
      if (digit >= BASE) return undefined;
      i += digit * w;
      if (i > 0x10ffff * 64) return undefined;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return undefined;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

/**
 * The Unicode spelling of a hostname whose labels may be punycode ("xn--pypal-4ve.com" → "pаypal.com").
 * Labels that fail to decode are kept as they are, so the result never hides the raw form.
 */
export function toUnicodeHostname(hostname: string): string {
  return hostname
    .split(".")
    .map((label) => {
      if (!/^xn--/i.test(label)) return label;
      return decodeLabel(label.slice(4).toLowerCase()) ?? label;
    })
    .join(".");
}
