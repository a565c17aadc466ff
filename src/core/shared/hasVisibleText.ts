/**
 * Characters that draw nothing: white space, format and control characters (zero-width space and
 * joiners, bidi marks, the BOM, soft hyphen), Hangul fillers and the blank braille pattern.
 */
const INVISIBLE = /^[\p{White_Space}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]*$/u;

/** True when the text would show at least one visible character. */
export function hasVisibleText(text: string | undefined): text is string {
  if (text === undefined) return false;
  // Most texts start with a printable ASCII character ("!" to "~"), which is visible: no scan needed.
  const first = text.charCodeAt(0);
  return (first > 0x20 && first < 0x7f) || !INVISIBLE.test(text);
}
