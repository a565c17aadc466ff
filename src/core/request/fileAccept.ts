// `x-mcp-file.accept` (draft SEP-2356): each entry is a MIME type ("image/png"), a wildcard
// ("image/*", "*/*") or a file extension (".pdf"). No entry, or an empty list, accepts any file.

const MIME_PART = "[A-Za-z0-9!#$&^_.+-]+";
const MIME = new RegExp(`^(?:\\*/\\*|${MIME_PART}/(?:\\*|${MIME_PART}))$`);
const EXTENSION = /^\.[^\s/\\.,;]+(?:\.[^\s/\\.,;]+)*$/;

/** Whether one `accept` entry has a form this library understands. */
export function isAcceptEntry(entry: string): boolean {
  return entry.length <= 255 && (MIME.test(entry) || EXTENSION.test(entry));
}

/** Whether a file of this MIME type (may be "") and name (may be undefined) is one `accept` allows. */
export function acceptsFile(accept: readonly string[] | undefined, file: { type: string; name?: string }): boolean {
  if (accept === undefined || accept.length === 0) return true;
  const type = (file.type.split(";")[0] ?? "").trim().toLowerCase();
  const name = (file.name ?? "").toLowerCase();
  return accept.some((raw) => {
    const entry = raw.toLowerCase();
    if (entry.startsWith(".")) return name.endsWith(entry) && name.length > entry.length;
    if (entry === "*/*") return true;
    if (entry.endsWith("/*")) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
}
