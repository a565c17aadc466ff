import { parseDemoTarget, type DemoTarget } from "./DemoTarget";

/**
 * Where the demo's MCP client runs: on the demo's Node side, reaching the page through the
 * library's relay (as most web chat hosts hold their MCP clients), or in the page itself.
 */
export type DemoClientSide = "server" | "page";

/** The default: the wiring most web chat hosts have. */
export const DEFAULT_CLIENT_SIDE: DemoClientSide = "server";

export interface DemoOptions {
  /** The server the person named; undefined for the built-in one. */
  target?: DemoTarget;
  client: DemoClientSide;
}

const CLIENT_FLAGS: Record<string, DemoClientSide> = { "--server-client": "server", "--page-client": "page" };

/**
 * Reads `npm run demo -- [--server-client | --page-client] [--url <URL> | --stdio "<command>"]`,
 * or throws an Error that says what is wrong with the input.
 */
export function parseDemoOptions(argv: readonly string[]): DemoOptions {
  const sides = new Set<DemoClientSide>();
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const side = CLIENT_FLAGS[word];
    if (side) {
      sides.add(side);
      continue;
    }
    rest.push(word);
    // A flag's value is the flag's, even when it looks like one of ours.
    if ((word === "--url" || word === "--stdio") && i + 1 < argv.length) rest.push(argv[++i]!);
  }
  if (sides.size > 1) throw new Error("Choose one place for the MCP client: --server-client or --page-client.");
  return { target: parseDemoTarget(rest), client: [...sides][0] ?? DEFAULT_CLIENT_SIDE };
}
