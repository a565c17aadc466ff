// <mcp-elicitation-outlet> in each framework's own checker, against the built package (`npm run build`
// first): svelte-check (Svelte 5), vue-tsc (Vue 3) and tsc (React 19 JSX). In test/consumer/frameworks/,
// each framework's folder holds a page using every attribute and event, and gets every ```svelte or
// ```vue block of the docs written into its snippets/ folder: all must check clean. Each folder's
// misspelt/ page must fail with exactly the errors listed below (a misspelt attribute value, a misspelt
// event detail): the typings would pass those too if they were loose or missing.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { extractSnippets } from "./readmeSnippets.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const frameworks = `${root}test/consumer/frameworks/`;
// svelte-check and vue-tsc need TypeScript's JavaScript API (see typescriptApi.cjs).
const withApi = ["-r", `${frameworks}typescriptApi.cjs`];
const bin = (path) => `${root}node_modules/${path}`;

const checkers = [
  {
    name: "svelte-check",
    folder: "svelte",
    lang: "svelte",
    args: [...withApi, bin("svelte-check/bin/svelte-check"), "--workspace", ".", "--tsconfig", "./tsconfig.json", "--output", "machine", "--fail-on-warnings"],
    // `1795… ERROR "misspelt/Misspelt.svelte" 8:3 "Type '"grid"' is not …"`
    read: (line) => {
      const match = /^\d+ (?:ERROR|WARNING) "([^"]+)" (\d+):\d+ (".*")$/.exec(line);
      return match && [match[0], match[1], match[2], JSON.parse(match[3])];
    },
  },
  {
    name: "vue-tsc",
    folder: "vue",
    lang: "vue",
    args: [...withApi, bin("vue-tsc/bin/vue-tsc.js"), "--noEmit", "-p", "tsconfig.json", "--pretty", "false"],
    read: (line) => /^([^(\s][^(]*)\((\d+),\d+\): error TS\d+: (.*)$/.exec(line),
  },
  {
    name: "tsc (React 19 JSX)",
    folder: "jsx",
    lang: undefined,
    args: [bin("typescript/bin/tsc"), "-p", "tsconfig.json", "--pretty", "false"],
    read: (line) => /^([^(\s][^(]*)\((\d+),\d+\): error TS\d+: (.*)$/.exec(line),
  },
];

/** What each misspelt page must be told, one entry per error, in any order. */
const misspelt = [
  /Type '"grid"' is not assignable to type 'ElicitationLayout \| undefined'/,
  /Type '"sesion"' is not assignable to type '"(memory|session)" \| "(memory|session)" \| undefined'/,
  /Type '"modal"' is not assignable to type '"(dialog|inline)" \| "(dialog|inline)" \| undefined'/,
  /Property 'mesage' does not exist on type 'ElicitationRelayError \| TypeError'/,
  /Property 'reasn' does not exist on type 'ElicitationOutletClosedEvent'/,
];

if (!existsSync(`${root}dist/element/index.d.ts`)) {
  console.error("check-frameworks: dist/ is missing; run `npm run build` first");
  process.exit(1);
}

const pages = ["README.md", ...readdirSync(`${root}docs`).filter((name) => name.endsWith(".md")).sort().map((name) => `docs/${name}`)];
const problems = [];
let checked = 0;
for (const checker of checkers) {
  const folder = `${frameworks}${checker.folder}/`;
  const origin = new Map();
  if (checker.lang !== undefined) {
    rmSync(`${folder}snippets`, { recursive: true, force: true });
    mkdirSync(`${folder}snippets`);
    for (const page of pages) {
      for (const snippet of extractSnippets(readFileSync(`${root}${page}`, "utf8"), new Set([checker.lang]))) {
        const file = `snippets/${page.replace(/\.md$/, "").replace(/\//g, "_")}-${snippet.line}.${checker.lang}`;
        writeFileSync(`${folder}${file}`, `${snippet.code}\n`);
        origin.set(file, { page, line: snippet.line - 1 });
      }
    }
  }
  const run = spawnSync(process.execPath, checker.args, { cwd: folder, encoding: "utf8" });
  const errors = new Map();
  for (const line of `${run.stdout}\n${run.stderr}`.split("\n")) {
    const match = checker.read(line.trim());
    if (!match) continue;
    const [, file, lineNumber, message] = match;
    errors.set(file, [...(errors.get(file) ?? []), { line: Number(lineNumber), message }]);
  }
  const files = readdirSync(folder, { recursive: true }).filter((name) => /\.(svelte|vue|tsx)$/.test(name));
  for (const file of files) {
    const found = errors.get(file) ?? [];
    errors.delete(file);
    if (file.startsWith("misspelt/")) {
      const unmatched = [...found];
      for (const expected of misspelt) {
        const at = unmatched.findIndex((error) => expected.test(error.message));
        if (at === -1) problems.push(`${checker.name}: ${file} should fail with ${expected}, and did not`);
        else unmatched.splice(at, 1);
      }
      for (const error of unmatched) problems.push(`${checker.name}: ${file}:${error.line}: ${error.message} (not an expected error)`);
    } else {
      const from = origin.get(file);
      for (const error of found) {
        problems.push(`${checker.name}: ${from ? `${from.page}:${from.line + error.line}` : `${checker.folder}/${file}:${error.line}`}: ${error.message}`);
      }
    }
    checked++;
  }
  for (const [file, found] of errors) for (const error of found) problems.push(`${checker.name}: ${file}:${error.line}: ${error.message}`);
  if (run.status !== 0 && errors.size === 0 && ![...files].some((file) => file.startsWith("misspelt/"))) {
    problems.push(`${checker.name} exited with ${run.status}:\n${run.stdout}${run.stderr}`);
  }
  if (run.error) problems.push(`${checker.name} did not run: ${run.error.message}`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`check-frameworks: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`check-frameworks: ${checked} pages check as expected under svelte-check, vue-tsc and tsc (the docs' Svelte and Vue snippets among them; the misspelt ones fail)`);
