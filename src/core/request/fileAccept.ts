// `x-mcp-file.accept` (draft SEP-2356): each entry is a MIME type ("image/png"), a wildcard
// ("image/*", "*/*") or a file extension (".pdf"); the parser checks their form. No entry, or an
// empty list, accepts any file.

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
