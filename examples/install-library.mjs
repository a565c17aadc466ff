// Installs react-mcp-elicitation into the example it runs in (its `npm run setup`, from the example's
// folder) the way a host gets it: built and packed from the repository around it, then
// `npm install --no-save <tarball>` (a host lists it in its dependencies and installs it from the registry).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const example = process.cwd();
const repo = resolve(import.meta.dirname, "..");
const run = (command, args, cwd, env = process.env) => execFileSync(command, args, { cwd, env, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });

// As a release is built (a test runner's NODE_ENV=test would build the JSX for development).
run("npm", ["run", "build"], repo, { ...process.env, NODE_ENV: "production" });
const packed = mkdtempSync(join(tmpdir(), "rme-pack-"));
try {
  const tarball = run("npm", ["pack", "--silent", "--pack-destination", packed], repo).trim().split("\n").pop();
  run("npm", ["install", "--no-save", "--no-audit", "--no-fund", join(packed, tarball)], example);
  console.log(`installed ${tarball}`);
} finally {
  rmSync(packed, { recursive: true, force: true });
}
