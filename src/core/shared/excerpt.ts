// Server strings quoted in error messages are cut short: a 1 MB `mode` or property name must cost
// no more to show than a short one, and an error line must stay readable.

/** The longest excerpt, in UTF-16 units, before the cut. */
export const EXCERPT_LENGTH = 40;

/** `text` itself when short, otherwise its first characters and "…" (never splitting a surrogate pair). */
export function cutText(text: string, max = EXCERPT_LENGTH): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** A server string as it appears in an error: quoted, cut, with control characters escaped. */
export function quoteExcerpt(text: string, max = EXCERPT_LENGTH): string {
  return JSON.stringify(cutText(text, max));
}
