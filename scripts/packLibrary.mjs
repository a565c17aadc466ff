// The package as a host installs it: built as a release is built, then `npm pack`. One tarball serves
// every consumer in a run (the e2e pages built from the package, the example apps): when
// REACT_MCP_ELICITATION_TARBALL names one (CI packs once, right after its own release build), it is
// used as it is; otherwise one is built and packed here.
//   node scripts/packLibrary.mjs [--built] <folder>   packs into <folder> (--built: dist/ as it is) and prints the tarball's path
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const TARBALL_ENV = "REACT_MCP_ELICITATION_TARBALL";

const repo = resolve(import.meta.dirname, "..");

/** Builds the library (unless `built`) and packs it into `folder`; returns the tarball's path. */
export function packLibrary(folder, { built = false } = {}) {
  // NODE_ENV "production", as a release is built: a test runner's "test" would build the JSX for development.
  if (!built) execFileSync("npm", ["run", "build"], { cwd: repo, env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "ignore", "inherit"] });
  const out = execFileSync("npm", ["pack", "--silent", "--pack-destination", folder], { cwd: repo, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return join(folder, out.trim().split("\n").pop());
}

/** The tarball REACT_MCP_ELICITATION_TARBALL names, else one built and packed into a new temporary folder; `remove` deletes only what was made here. */
export function packedLibrary() {
  if (process.env[TARBALL_ENV]) {
    // Absolute, so that an example's `npm install` (run in its own folder) finds it too.
    const given = resolve(process.env[TARBALL_ENV]);
    if (!existsSync(given)) throw new Error(`${TARBALL_ENV} names ${given}, which does not exist`);
    return { tarball: given, remove() {} };
  }
  const folder = mkdtempSync(join(tmpdir(), "rme-pack-"));
  return { tarball: packLibrary(folder), remove: () => rmSync(folder, { recursive: true, force: true }) };
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2);
  const folder = args.find((arg) => !arg.startsWith("--"));
  if (!folder) {
    console.error("usage: node scripts/packLibrary.mjs [--built] <folder>");
    process.exit(2);
  }
  console.log(packLibrary(resolve(folder), { built: args.includes("--built") }));
}
