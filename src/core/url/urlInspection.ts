// What a user must know before opening a URL-mode elicitation link: where it really goes,
// and whether anything about it is suspicious. Pure: the URL is parsed, never fetched.
import { toUnicodeHostname } from "./urlHostname";

export type ElicitationUrlWarning =
  /** The domain uses international characters (shown in its punycode "xn--" form). */
  | "punycode"
  /** One label mixes writing systems (e.g. Latin with Cyrillic), a classic look-alike trick. */
  | "mixed-script"
  /** Plain http outside localhost: anyone on the network can read or change the page. */
  | "not-https"
  /** "user@host" form: the text before "@" looks like a domain but is not where the link goes. */
  | "credentials";

export interface ElicitationUrlInspection {
  /** False when the URL cannot be parsed or is not http(s): the UI must not offer to open it. */
  openable: boolean;
  /** The URL exactly as the server sent it — shown in full, never shortened. */
  url: string;
  /** The host the browser would contact, in ASCII (punycode) form; "" when unparseable. */
  domain: string;
  /** The same host decoded to Unicode, for explaining a punycode warning. */
  unicodeDomain: string;
  protocol: string;
  warnings: ElicitationUrlWarning[];
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

// Scripts that can be mixed into look-alike domains. Characters outside all of them
// (digits, hyphen, Han/Kana used together in Japanese…) do not count as a second script.
const SCRIPTS = ["Latin", "Cyrillic", "Greek", "Armenian", "Hebrew", "Arabic", "Cherokee", "Georgian"].map(
  (name) => new RegExp(`\\p{Script=${name}}`, "u"),
);

function scriptCount(label: string): number {
  const seen = new Set<number>();
  for (const char of label) {
    const index = SCRIPTS.findIndex((re) => re.test(char));
    if (index >= 0) seen.add(index);
  }
  return seen.size;
}

/** Parses a URL-mode `url` and lists what the user should be warned about. */
export function inspectElicitationUrl(url: string): ElicitationUrlInspection {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { openable: false, url, domain: "", unicodeDomain: "", protocol: "", warnings: [] };
  }
  const protocol = parsed.protocol;
  const web = protocol === "https:" || protocol === "http:";
  const domain = parsed.hostname.toLowerCase();
  const unicodeDomain = toUnicodeHostname(domain);
  const warnings: ElicitationUrlWarning[] = [];
  if (web) {
    if (domain.split(".").some((label) => label.startsWith("xn--"))) warnings.push("punycode");
    if (unicodeDomain.split(".").some((label) => scriptCount(label) > 1)) warnings.push("mixed-script");
    if (protocol === "http:" && !LOCAL_HOSTS.has(domain)) warnings.push("not-https");
    if (parsed.username !== "" || parsed.password !== "") warnings.push("credentials");
  }
  return { openable: web && domain !== "", url, domain, unicodeDomain, protocol, warnings };
}
