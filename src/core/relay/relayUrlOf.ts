import { cutText } from "../shared/excerpt";

/** The schemes a relay is reached by: its stream and its answers are HTTP. */
const RELAY_PROTOCOLS = ["http:", "https:"];

/**
 * The relay's URL as fetched: `value` resolved against `base` (the page's, for a relative one), and
 * only if it is http: or https:. Anything else — a data: or blob: URL that serves forged requests, a
 * javascript: or file: one — throws a TypeError naming `name`, the option or attribute it came from.
 */
export function relayUrlOf(value: string | URL, base: string | undefined, name: string): string {
  const quoted = `${name}="${cutText(String(value), 80)}"`;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new TypeError(`${quoted} is not a URL`);
  }
  if (!RELAY_PROTOCOLS.includes(url.protocol)) {
    throw new TypeError(`${quoted} is a ${url.protocol} URL; a relay is reached over http: or https: only`);
  }
  return url.href;
}
