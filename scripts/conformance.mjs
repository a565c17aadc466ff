// Runs the official MCP conformance suite's client scenarios about elicitation or input_required,
// from two releases — the stable one (@modelcontextprotocol/conformance) and the newest one
// (@modelcontextprotocol/conformance-next) — against a client that answers through the built
// package (test/conformance/elicitationClient.mjs), wired to SDK v1 and to SDK v2 (2026-07-28
// scenarios: SDK v2 only; v1 does not speak that revision). The suite's own verdict decides, and
// its verdict lines are printed. Needs `npm run build` first.
// The suite needs Node 22+. Under an older Node, the suite and the client run on the Node binary
// of npm's node-<platform>-<arch>@22 package, installed once into node_modules/.cache/node-22.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const RELEASES = ["@modelcontextprotocol/conformance", "@modelcontextprotocol/conformance-next"];
const ABOUT_ELICITATION = /elicit|input[-_ ]?required|\bmrtr\b/i;
const MODERN = "2026-07-28";

/**
 * Failures that are known and not the library's: each names the scenario, the wiring, the tool
 * call that fails and how. Such a run counts as expected only when every check of the suite passed
 * and the client's one failure is exactly this; if it starts passing, CI fails until it is removed.
 */
const EXPECTED_FAILURES = [
  {
    scenario: "sep-2322-client-request-state",
    wiring: "v2",
    tool: "test_mrtr_no_result_type",
    error: /missing required resultType/,
    why: "SDK v2 (@modelcontextprotocol/client) refuses a 2026-07-28 result without `resultType` instead of taking it as complete",
  },
];

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

const versionOf = (pkg) => JSON.parse(readFileSync(new URL(`../node_modules/${pkg}/package.json`, import.meta.url), "utf8")).version;
const node = node22();
const client = new URL("../test/conformance/elicitationClient.mjs", import.meta.url).pathname;
if (!existsSync(new URL("../dist/index.js", import.meta.url))) {
  console.error("conformance: dist/ is missing; run `npm run build` first");
  process.exit(1);
}
const sdks = `SDK v1 ${versionOf("@modelcontextprotocol/sdk")}, SDK v2 ${versionOf("@modelcontextprotocol/client")}`;

/** The suite's client scenarios (`list --client`) with their revisions and descriptions (from its scenario classes). */
function clientScenarios(suite) {
  const listing = spawnSync(node, [suite, "list", "--client"], { encoding: "utf8" });
  if (listing.status !== 0) throw new Error(`conformance list failed: ${listing.stderr}`);
  const source = readFileSync(suite, "utf8");
  return [...listing.stdout.matchAll(/^\s*-\s+(\S+)(?:\s+\[([^\]]*)\])?/gm)].map(([, name, revisions = ""]) => {
    const at = source.indexOf(`this.name=\`${name}\``);
    const description = at < 0 ? "" : (/this\.description=`([^`]*)`/.exec(source.slice(at, at + 600))?.[1] ?? "");
    return { name, revisions: revisions.split(",").filter(Boolean), description };
  });
}

let passed = 0;
let expected = 0;
let failed = 0;
for (const pkg of RELEASES) {
  const suite = require.resolve(`${pkg}/dist/index.js`);
  const version = versionOf(pkg);
  const scenarios = clientScenarios(suite).filter((s) => ABOUT_ELICITATION.test(s.name) || ABOUT_ELICITATION.test(s.description));
  if (scenarios.length === 0) {
    console.error(`conformance ${version}: no elicitation client scenario listed`);
    failed++;
    continue;
  }
  console.log(`conformance ${version} (${pkg}): ${scenarios.map((s) => `${s.name} [${s.revisions.join(", ")}]`).join("; ")}`);
  for (const scenario of scenarios) {
    // SDK v1 speaks the 2025 revisions only; SDK v2 speaks both.
    const wirings = scenario.revisions.length > 0 && scenario.revisions.every((r) => r === MODERN) ? ["v2"] : ["v1", "v2"];
    for (const wiring of wirings) {
      const outputDir = mkdtempSync(join(tmpdir(), "rme-conformance-"));
      const run = spawnSync(node, [suite, "client", "--command", `"${node}" "${client}" ${wiring}`, "--scenario", scenario.name, "-o", outputDir], {
        encoding: "utf8",
        cwd: outputDir,
      });
      const output = `${run.stdout}\n${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, "");
      let clientOut = "";
      for (const file of readdirSync(outputDir, { recursive: true })) {
        if (String(file).endsWith("stdout.txt")) clientOut += readFileSync(join(outputDir, file), "utf8");
      }
      const ok = run.status === 0 && /OVERALL: PASSED/.test(output);
      const known = EXPECTED_FAILURES.find((e) => e.scenario === scenario.name && e.wiring === wiring);
      let verdict;
      if (ok) verdict = known ? "XPASS" : "PASS";
      else if (known) {
        const counts = /Passed: (\d+)\/(\d+), 0 failed/.exec(output);
        const failedCalls = [...clientOut.matchAll(/^(\S+) failed: (.*)$/gm)];
        const exactlyThis = failedCalls.length === 1 && failedCalls[0][1] === known.tool && known.error.test(failedCalls[0][2]);
        verdict = counts && counts[1] === counts[2] && exactlyThis ? "XFAIL" : "FAIL";
      } else verdict = "FAIL";
      if (verdict === "PASS") passed++;
      else if (verdict === "XFAIL") expected++;
      else failed++;
      console.log(`${verdict} ${scenario.name} (SDK ${wiring} wiring, conformance ${version})`);
      for (const line of output.split("\n")) {
        if (/\b(SUCCESS|FAILURE|WARNING)\b|Passed: |OVERALL|TIMED OUT|EXITED WITH ERROR/.test(line)) console.log(`  ${line.trim()}`);
      }
      for (const line of clientOut.split("\n").filter(Boolean)) console.log(`  client: ${line}`);
      if (verdict === "XFAIL") console.log(`  expected failure: ${known.tool} — ${known.why}`);
      if (verdict === "XPASS") console.log(`  expected to fail (${known.why}) but passed: remove it from EXPECTED_FAILURES in scripts/conformance.mjs`);
      if (verdict === "FAIL") {
        for (const file of readdirSync(outputDir, { recursive: true })) {
          if (String(file).endsWith("stderr.txt")) {
            for (const line of readFileSync(join(outputDir, file), "utf8").split("\n").filter(Boolean)) console.log(`  client stderr: ${line}`);
          }
        }
      }
      rmSync(outputDir, { recursive: true, force: true });
    }
  }
}
console.log(`conformance (${sdks}): ${passed} passed, ${expected} failed as expected, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
