import { hasVisibleText } from "../shared/hasVisibleText";

/** Short words people write in capitals, even when a key spells them in lower case. */
const ACRONYMS = new Set(["api", "id", "ip", "url", "uri", "http", "https", "dns", "ssh", "ssl", "tls", "sql", "json", "html", "css", "utc", "ttl", "cpu", "gpu", "ui", "sms", "vat", "iban"]);

/**
 * A field's label: its `title` when that shows something, otherwise the property key in words —
 * `recipient_account` → "Recipient account", `backupRetentionDays` → "Backup retention days",
 * `maxRetries` → "Max retries", `userID` → "User ID". A key with no letters or digits stays as it is.
 */
export function fieldLabel(title: string | undefined, key: string): string {
  if (hasVisibleText(title)) return title;
  const words = key
    .replace(/[_\-.\s]+/gu, " ")
    // camelCase and PascalCase: a capital after a lower-case letter or digit starts a word…
    .replace(/([\p{Ll}\p{Nd}])(\p{Lu})/gu, "$1 $2")
    // …and so does the last capital of a run followed by lower case ("HTTPServer" → "HTTP Server").
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .split(" ")
    .filter((word) => word !== "");
  if (!words.some((word) => /[\p{L}\p{N}]/u.test(word))) return key;
  const spoken = words.map((word) => {
    if (ACRONYMS.has(word.toLowerCase())) return word.toUpperCase();
    // Capitals throughout (two letters or more) are an acronym the server meant: keep them.
    if (/^\p{Lu}[\p{Lu}\p{Nd}]+$/u.test(word)) return word;
    return word.toLowerCase();
  });
  const [head = "", ...rest] = Array.from(spoken[0]!);
  spoken[0] = head.toLocaleUpperCase("en") + rest.join("");
  return spoken.join(" ");
}
