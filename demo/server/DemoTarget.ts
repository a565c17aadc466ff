/** An MCP server the person named on the command line, instead of the demo's built-in one. */
export type DemoTarget =
  | { kind: "url"; url: string; label: string }
  | { kind: "stdio"; command: string; args: string[]; label: string };

/**
 * Reads `--url <streamable HTTP URL>` or `--stdio "<command and arguments>"`. Returns undefined
 * for neither (the built-in server), or throws an Error that says what is wrong with the input.
 */
export function parseDemoTarget(argv: readonly string[]): DemoTarget | undefined {
  const targets: DemoTarget[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag !== "--url" && flag !== "--stdio") throw new Error(`Unknown option "${flag}". Use --url <URL> or --stdio "<command>", and --server-client or --page-client.`);
    const value = argv[++i]?.trim();
    if (!value) throw new Error(`${flag} needs a value.`);
    if (flag === "--url") {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new Error(`--url "${value}" is not a URL (expected e.g. http://127.0.0.1:3001/mcp).`);
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`--url "${value}" must be http: or https:.`);
      targets.push({ kind: "url", url: url.href, label: url.host });
    } else {
      // Split on spaces (no shell quoting). The host's name for the server is the last word that is
      // not a flag — the package or script — rather than the whole command line.
      const [command, ...args] = value.split(/\s+/);
      const label = [command!, ...args].filter((word) => !word.startsWith("-")).pop() ?? command!;
      targets.push({ kind: "stdio", command: command!, args, label });
    }
  }
  if (targets.length > 1) throw new Error("Name one server: either --url or --stdio, once.");
  return targets[0];
}
