// The docs' TypeScript runs as a host would write it: every ts/tsx snippet of README.md, SECURITY.md
// and docs/*.md becomes a file of a consumer project (test/readme/snippets/), type-checked with
// `strict` against the built package (`react-mcp-elicitation` resolves to dist/ by its own name),
// importing only packages the docs tell a host to install. Errors name the page and line. Needs
// `npm run build` first.
// `queue` is the one name every snippet may use without defining it (test/readme/host.d.ts); other
// outside names come from a `<!-- readme-check … -->` comment right before the snippet.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { extractSnippets, importedPackages, packagesToInstall } from "./readmeSnippets.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const project = `${root}test/readme/`;
const out = `${project}snippets/`;
const pages = ["README.md", "SECURITY.md", ...readdirSync(`${root}docs`).filter((name) => name.endsWith(".md")).sort().map((name) => `docs/${name}`)];
const texts = new Map(pages.map((page) => [page, readFileSync(`${root}${page}`, "utf8")]));
const errors = [];

if (!existsSync(`${root}dist/index.d.ts`)) {
  console.error("check-readme: dist/ is missing; run `npm run build` first");
  process.exit(1);
}

const snippets = pages.flatMap((page) => extractSnippets(texts.get(page)).map((snippet) => ({ ...snippet, page })));
// Peer dependencies, what any page tells a host to install, and the package itself.
const installed = new Set(["react", "react-dom", "react-mcp-elicitation", ...pages.flatMap((page) => packagesToInstall(texts.get(page)))]);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
/** Generated file → how its lines map back to README lines. */
const files = new Map();
for (const snippet of snippets) {
  for (const name of importedPackages(`${snippet.prelude}\n${snippet.code}`)) {
    if (!installed.has(name)) {
      errors.push(`${snippet.page}:${snippet.line}: the snippet imports "${name}", which no page tells a host to install (npm install ${name})`);
    }
  }
  const preludeLines = snippet.prelude ? snippet.prelude.split("\n") : [];
  const file = `${snippet.page.replace(/\.md$/, "").replace(/\//g, "_")}-${snippet.line}.${snippet.lang}`;
  // `export {}` makes each file a module: its names stay its own, as in a host's file.
  writeFileSync(`${out}${file}`, [...preludeLines, snippet.code, "export {};", ""].join("\n"));
  files.set(file, { snippet, preludeLength: preludeLines.length });
}

const tsc = `${root}node_modules/typescript/bin/tsc`;
const run = spawnSync(process.execPath, [tsc, "-p", `${project}tsconfig.json`, "--pretty", "false"], { encoding: "utf8", cwd: project });
const diagnostics = `${run.stdout}${run.stderr}`.split("\n").filter(Boolean);
for (let i = 0; i < diagnostics.length; i++) {
  const match = /snippets\/([\w.-]+-\d+\.tsx?)\((\d+),(\d+)\): (.*)$/.exec(diagnostics[i]);
  if (!match) {
    if (!/^\s/.test(diagnostics[i])) errors.push(diagnostics[i]);
    continue;
  }
  const [, file, lineText, column, message] = match;
  const { snippet, preludeLength } = files.get(file);
  const line = Number(lineText);
  // Indented continuation lines belong to the message.
  let detail = message;
  while (i + 1 < diagnostics.length && /^\s/.test(diagnostics[i + 1])) detail += `\n    ${diagnostics[++i].trim()}`;
  const where =
    line <= preludeLength ? `${snippet.page}:${snippet.preludeLine} (its readme-check comment)` : `${snippet.page}:${snippet.line + line - preludeLength - 1}:${column}`;
  errors.push(`${where}: ${detail}  [snippet at line ${snippet.line}, under "${snippet.heading}"]`);
}
if (run.status !== 0 && errors.length === 0) errors.push(`tsc exited with ${run.status}:\n${diagnostics.join("\n")}`);

if (errors.length > 0) {
  for (const error of errors) console.error(error);
  console.error(`check-readme: ${errors.length} problem(s) in ${snippets.length} TypeScript snippets of ${pages.length} pages`);
  process.exit(1);
}
console.log(`check-readme: ${snippets.length} TypeScript snippets of ${pages.length} pages (README.md, SECURITY.md, docs/) type-check under strict, importing only what the docs say to install`);
