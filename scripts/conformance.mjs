// Runs the official MCP conformance suite's elicitation client scenarios against a client that
// answers through the built package (test/conformance/elicitationClient.mjs), wired to SDK v1 and
// to SDK v2. The suite's own verdict decides. Needs `npm run build` first.
// The suite needs Node 22+. Under an older Node, the suite and the client run on the Node binary
// of npm's node-<platform>-<arch>@22 package, installed once into node_modules/.cache/node-22.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(import.meta.url);

function node22() {
  if (Number(process.versions.node.split(".")[0]) >= 22) return process.execPath;
  const name = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`;
  const prefix = new URL("../node_modules/.cache/node-22/", import.meta.url).pathname;
  const binary = join(prefix, "node_modules", name, "bin", process.platform === "win32" ? "node.exe" : "node");
  if (!existsSync(binary)) {
    console.log(`conformance: Node ${process.versions.node} is too old for the suite; installing ${name}@22 into ${prefix}`);
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const install = spawnSync(npm, ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--prefix", prefix, `${name}@22`], {
      stdio: "inherit",
    });
    if (install.status !== 0 || !existsSync(binary)) {
      console.error(`conformance: could not install ${name}@22 (npm exited with ${install.status})`);
      process.exit(1);
    }
  }
  return binary;
}
const node = node22();
const suite = require.resolve("@modelcontextprotocol/conformance/dist/index.js");
const client = new URL("../test/conformance/elicitationClient.mjs", import.meta.url).pathname;
if (!existsSync(new URL("../dist/index.js", import.meta.url))) {
  console.error("conformance: dist/ is missing; run `npm run build` first");
  process.exit(1);
}

const version = JSON.parse(readFileSync(require.resolve("@modelcontextprotocol/conformance/package.json"), "utf8")).version;
const listing = spawnSync(node, [suite, "list"], { encoding: "utf8" }).stdout;
const clientSection = listing.slice(listing.indexOf("Client scenarios"));
// Every client scenario about elicitation or input_required that this version of the suite has.
const scenarios = [...clientSection.matchAll(/^\s*-\s+(\S+)/gm)].map((m) => m[1]).filter((name) => /elicit|input[-_]?required|mrtr/i.test(name));
if (scenarios.length === 0) {
  console.error(`conformance ${version}: no elicitation client scenario listed`);
  process.exit(1);
}

let passed = 0;
let failed = 0;
for (const scenario of scenarios) {
  for (const wiring of ["v1", "v2"]) {
    const outputDir = mkdtempSync(join(tmpdir(), "rme-conformance-"));
    const run = spawnSync(node, [suite, "client", "--command", `"${node}" "${client}" ${wiring}`, "--scenario", scenario, "-o", outputDir], {
      encoding: "utf8",
      cwd: outputDir,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    const ok = run.status === 0 && /OVERALL: PASSED/.test(output);
    ok ? passed++ : failed++;
    console.log(`${ok ? "PASS" : "FAIL"} ${scenario} (SDK ${wiring} wiring, conformance ${version})`);
    for (const line of output.replace(/\x1b\[[0-9;]*m/g, "").split("\n")) {
      if (/\b(SUCCESS|FAILURE|WARNING)\b|Passed: |OVERALL|TIMED OUT|EXITED WITH ERROR/.test(line)) console.log(`  ${line.trim()}`);
    }
    for (const file of readdirSync(outputDir, { recursive: true })) {
      if (String(file).endsWith("stdout.txt") || (!ok && String(file).endsWith("stderr.txt"))) {
        for (const line of readFileSync(join(outputDir, file), "utf8").split("\n").filter(Boolean)) console.log(`  client: ${line}`);
      }
    }
    rmSync(outputDir, { recursive: true, force: true });
  }
}
console.log(`conformance: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
