/**
 * Whether `pattern` is a regular expression the way JSON Schema and the MCP SDK servers read it:
 * ECMAScript, unicode mode (`new RegExp(pattern, "u")`, as Ajv compiles it). Returns the reason
 * when it is not, else undefined. Only parses the pattern — linear in its length — and never runs
 * it, so any pattern a server may send (lookaround, backreferences, `\p{…}`) is accepted here.
 */
export function checkPatternSyntax(pattern: string): string | undefined {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch {
    return "must be a valid regular expression";
  }
}
