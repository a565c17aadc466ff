// npm run size — what a host ships when it imports react-mcp-elicitation, minified and gzipped,
// with @rjsf/core's equivalent beside it. Fails when ours is over bench/size-budget.json.
//
// Each entry below is bundled on its own by Vite (Rolldown, production mode, minified), with React
// and react-dom left out (every host has them) and every other dependency bundled in.
//
//   node bench/size.mjs [--json]
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build } from "vite";

const root = new URL("..", import.meta.url).pathname;
const budget = JSON.parse(await readFile(new URL("./size-budget.json", import.meta.url), "utf8"));

/** Entries, as a host would write them. "react-mcp-elicitation" resolves to this checkout's source. */
const ENTRIES = {
  ours: `export * from "react-mcp-elicitation";`,
  oursDialog: `export { ElicitationDialog } from "react-mcp-elicitation";`,
  oursCore: `export * from "react-mcp-elicitation/core";`,
  oursWithoutAjv: `export * from "react-mcp-elicitation";`,
  oursWithoutAjvRe2js: `export * from "react-mcp-elicitation";`,
  ajv: `export { default as Ajv2020 } from "ajv/dist/2020.js"; export { default as addFormats } from "ajv-formats";`,
  cfworker: `export { Validator } from "@cfworker/json-schema";`,
  re2js: `export { RE2JS } from "re2js";`,
  reactHookForm: `export * from "react-hook-form";`,
  rjsf: `export { default as Form } from "@rjsf/core"; export { default as validator } from "@rjsf/validator-ajv8";`,
};

const REACT = [/^react($|\/)/, /^react-dom($|\/)/];
const AJV = [/^ajv($|\/)/, /^ajv-formats($|\/)/];
const RE2JS = [/^re2js($|\/)/];
// Bundles that leave a dependency out, to show what it weighs inside ours.
const EXTERNAL = { oursWithoutAjv: [...REACT, ...AJV], oursWithoutAjvRe2js: [...REACT, ...AJV, ...RE2JS] };

async function bundle(name) {
  const entryId = `\0size-entry-${name}`;
  const output = await build({
    root,
    configFile: false,
    mode: "production",
    logLevel: "silent",
    plugins: [
      react(),
      {
        name: "size-entry",
        resolveId: (id) => (id === entryId ? id : undefined),
        load: (id) => (id === entryId ? ENTRIES[name] : undefined),
      },
    ],
    resolve: {
      alias: [
        { find: /^react-mcp-elicitation\/core$/, replacement: `${root}src/core/index.ts` },
        { find: /^react-mcp-elicitation$/, replacement: `${root}src/index.ts` },
      ],
    },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      rolldownOptions: {
        input: entryId,
        preserveEntrySignatures: "strict",
        external: EXTERNAL[name] ?? REACT,
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o) => o.type === "chunk");
  // What loads up front (the entry and what it imports statically) and what only loads on demand.
  let initial = 0;
  let lazy = 0;
  for (const chunk of chunks) {
    const gz = gzipSync(chunk.code, { level: 9 }).length;
    if (chunk.isEntry || chunks.some((c) => c.isEntry && c.imports.includes(chunk.fileName))) initial += gz;
    else lazy += gz;
  }
  if (process.argv.includes("--why") && name === "ours") printShares(chunks);
  return { initial, lazy };
}

/** Which packages the bytes come from (shares of the bundle before minification). */
function printShares(chunks) {
  const byPackage = new Map();
  for (const chunk of chunks) {
    for (const [id, info] of Object.entries(chunk.modules)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
      const key = match ? match[1] : id.includes("/src/") ? "react-mcp-elicitation (src)" : id;
      byPackage.set(key, (byPackage.get(key) ?? 0) + info.renderedLength);
    }
  }
  const total = [...byPackage.values()].reduce((a, b) => a + b, 0);
  console.log("\nShares of react-mcp-elicitation's bundle (before minification):");
  for (const [key, length] of [...byPackage].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${key.padEnd(32)} ${((length / total) * 100).toFixed(1).padStart(5)}%`);
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sizes = {};
for (const name of Object.keys(ENTRIES)) sizes[name] = await bundle(name);
const styles = gzipSync(await readFile(`${root}src/styles.css`), { level: 9 }).length;

const ours = sizes.ours.initial;
const rjsf = sizes.rjsf.initial;
const rows = [
  ["react-mcp-elicitation (everything it exports)", sizes.ours],
  ["  only ElicitationDialog imported", sizes.oursDialog],
  ['  "react-mcp-elicitation/core"', sizes.oursCore],
  ["  without ajv + ajv-formats", sizes.oursWithoutAjv],
  ["  without ajv + ajv-formats and re2js", sizes.oursWithoutAjvRe2js],
  ["ajv + ajv-formats alone", sizes.ajv],
  ["@cfworker/json-schema alone", sizes.cfworker],
  ["re2js alone", sizes.re2js],
  ["react-hook-form alone (everything)", sizes.reactHookForm],
  ["@rjsf/core + @rjsf/validator-ajv8 (+ @rjsf/utils)", sizes.rjsf],
];

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ ...sizes, styles }, null, 2));
} else {
  console.log("\nMinified + gzipped, React and react-dom excluded, every other dependency included:\n");
  console.log("| bundle | gzipped | loaded on demand |");
  console.log("|---|--:|--:|");
  for (const [label, { initial, lazy }] of rows) console.log(`| ${label} | ${kb(initial)} | ${lazy ? kb(lazy) : "–"} |`);
  console.log(`| react-mcp-elicitation/styles.css | ${kb(styles)} | – |`);
  const share = (without) => `${(((ours - without.initial) / ours) * 100).toFixed(0)}%`;
  console.log(`\nours / rjsf: ${(ours / rjsf).toFixed(2)} (target ≤ 0.45).`);
  console.log(`ajv + ajv-formats are ${share(sizes.oursWithoutAjv)} of ours; ajv and re2js together ${share(sizes.oursWithoutAjvRe2js)}.`);
}

const over = [
  ["react-mcp-elicitation", ours, budget.index],
  ["react-mcp-elicitation/core", sizes.oursCore.initial, budget.core],
  ["styles.css", styles, budget.styles],
].filter(([, size, limit]) => size > limit);
for (const [label, size, limit] of over) {
  console.error(`${label} is ${size} bytes gzipped, over its budget of ${limit} (bench/size-budget.json).`);
}
if (over.length === 0) console.log(`Within budget (bench/size-budget.json: ${kb(budget.index)}, /core ${kb(budget.core)}, styles ${kb(budget.styles)}).`);
process.exitCode = over.length > 0 ? 1 : 0;
