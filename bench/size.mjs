// npm run size — what a host ships when it imports react-mcp-elicitation, minified and gzipped,
// with @rjsf/core's equivalent beside it. Fails when ours is over bench/size-budget.json.
//
// Each entry below is bundled on its own, by Vite (Rolldown, production mode, minified) and by
// esbuild (minified, code splitting on), with React and react-dom left out (every host has them)
// and every other dependency bundled in. The dialog reaches its validation engines and the Public
// Suffix List through dynamic import(), so its bundle comes in chunks:
//   initial    the entry and everything it imports statically: what loads before the first paint;
//   lazy       each chunk loaded on demand — the Ajv engine (pages that allow eval), the eval-free
//              engine (pages that forbid it), the forms' checking code and format rules beside them;
//   form mode  the initial bundle and every chunk a form can load (both engines counted, though a
//              page only ever loads one): everything a host pays for forms, held against rjsf;
//   PSL        the Public Suffix List (tldts), loaded only when a URL-mode request is shown. rjsf has
//              no URL mode, so it is counted apart, with a budget of its own.
//   catalogue  each language but English (German, French, …), loaded when a `locale` asks for it: a
//              page loads at most one, so the largest is counted, with the formatters every catalogue
//              imports, apart, with a budget of its own;
//   file input the picker of file inputs, loaded only by hosts that opt in (`fileInputs`) when a
//              file field is drawn: counted apart, with a budget of its own.
//   refusal    the code that puts a refused answer's errors on the fields, loaded only when a host's
//              `deliver` (a relay) refuses an answer: counted apart, with a budget of its own.
//   RE2        the linear-time pattern engine (re2js), loaded only for a pattern that outran its
//              worker's deadline or on a page where no worker may start; counted apart, budget of its own.
//              It comes two ways, and a page loads one: inside the RE2 worker's file (a worker bundle
//              Vite emits beside the chunks; esbuild leaves workers to the host) or, where no worker
//              can start, as a chunk of the page. The code that takes a pattern to RE2 (its worker or
//              the chunk) is a small chunk loaded on both paths. The budget holds it and the larger.
//
//   node bench/size.mjs [--json] [--why]
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build as esbuild } from "esbuild";
import { build } from "vite";

const root = new URL("..", import.meta.url).pathname;
const budget = JSON.parse(await readFile(new URL("./size-budget.json", import.meta.url), "utf8"));

/** Entries, as a host would write them. "react-mcp-elicitation" resolves to this checkout's source. */
const ENTRIES = {
  oursDialog: `export { ElicitationDialog } from "react-mcp-elicitation";`,
  ours: `export * from "react-mcp-elicitation";`,
  oursCore: `export * from "react-mcp-elicitation/core";`,
  // <mcp-elicitation-outlet>, for pages without React: React and react-dom are counted in it.
  oursElement: `export * from "react-mcp-elicitation/element";`,
  ajv: `export { default as Ajv2020 } from "ajv/dist/2020.js"; export { default as addFormats } from "ajv-formats";`,
  cfworker: `export { Validator } from "@cfworker/json-schema";`,
  reactHookForm: `export * from "react-hook-form";`,
  rjsf: `export { default as Form } from "@rjsf/core"; export { default as validator } from "@rjsf/validator-ajv8";`,
};

const REACT = [/^react($|\/)/, /^react-dom($|\/)/];
/** Entries that bring React inside (the element's): nothing is left out of their bundle. */
const WITH_REACT = new Set(["oursElement"]);

/** What a chunk loaded on demand holds, named by the package that makes it up. */
const LAZY_KINDS = [
  ["ajv", /node_modules\/ajv\//, "Ajv engine (ajv core and the keywords a clean schema holds)", "when the first form mounts, on pages that allow eval"],
  ["evalFree", /node_modules\/@cfworker\/json-schema\//, "eval-free engine (@cfworker/json-schema)", "when the first form mounts, on pages that forbid eval"],
  ["formCheck", /(^|\/)src\/core\/validation\/createValuesCheck\.ts$/, "the validation runtime and the forms' checking code (Vite: with the format rules)", "when the first form mounts"],
  ["formats", /node_modules\/ajv-formats\/dist\/formats/, "format rules, shared by both engines", "with either engine"],
  ["patterns", /(^|\/)src\/core\/validation\/patterns\/createPatternTester\.ts$/, "the pattern tester (its worker's source, the way to RE2)", "when a form has a pattern"],
];
/** The Public Suffix List and URL mode's body: URL mode only, outside the form-mode figures. */
const PSL = /node_modules\/tldts|(^|\/)src\/dialog\/UrlModeBody\.tsx$/;
/** One question at a time (layout="steps"): loaded only by a host that asks for it; rjsf has no equivalent, so it is counted apart. */
const STEPS = /(^|\/)src\/form\/ElicitationSteps\.tsx$/;
/** A language's catalogue, and the file inputs' picker: outside the form-mode figures too. */
const CATALOGUE = /src\/messages\/locales\/(?!formatters)/;
/** The number and size formatters every catalogue imports: they load with the first catalogue, and count with it. */
const CATALOGUE_SHARED = /src\/messages\/locales\/formatters\.ts$/;
const FILE_INPUT = /src\/fields\/(FileInput|readFileAsDataUri)\.tsx?$/;
const REFUSAL = /src\/dialog\/showAnswerRefusal\.ts$/;
/** RE2: only for slow patterns and worker-less pages, outside the form-mode figures. */
const RE2 = /node_modules\/re2js\//;
/** The way to RE2 (its worker, or the chunk where no worker can start): loaded with either. */
const RE2_PATHS = /(^|\/)src\/core\/validation\/patterns\/createRe2Checker\.ts$/;

/** Sorts one bundler's chunks into initial (entry + static imports) and lazy kinds, gzipped. */
function measure(chunks) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initialFiles = new Set();
  const stack = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  while (stack.length > 0) {
    const file = stack.pop();
    if (initialFiles.has(file) || !byFile.has(file)) continue;
    initialFiles.add(file);
    stack.push(...byFile.get(file).imports);
  }
  const result = { initial: 0, lazy: {}, psl: 0, re2: 0, re2Worker: 0, re2Paths: 0, steps: 0, catalogue: 0, fileInput: 0, refusal: 0, formMode: 0, total: 0 };
  let catalogueShared = 0;
  for (const chunk of chunks) {
    const size = gzipSync(chunk.code, { level: 9 }).length;
    result.total += size;
    if (initialFiles.has(chunk.fileName)) {
      result.initial += size;
      result.formMode += size;
      continue;
    }
    if (chunk.moduleIds.some((id) => PSL.test(id))) {
      result.psl += size;
      continue;
    }
    if (chunk.moduleIds.some((id) => RE2.test(id))) {
      result.re2 += size;
      continue;
    }
    if (chunk.moduleIds.some((id) => RE2_PATHS.test(id))) {
      result.re2Paths += size;
      continue;
    }
    if (chunk.moduleIds.some((id) => STEPS.test(id))) {
      result.steps += size;
      continue;
    }
    if (chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => CATALOGUE_SHARED.test(id))) {
      catalogueShared += size;
      continue;
    }
    if (chunk.moduleIds.some((id) => CATALOGUE.test(id))) {
      result.catalogue = Math.max(result.catalogue, size);
      continue;
    }
    if (chunk.moduleIds.some((id) => REFUSAL.test(id))) {
      result.refusal += size;
      continue;
    }
    if (chunk.moduleIds.some((id) => FILE_INPUT.test(id))) {
      result.fileInput += size;
      continue;
    }
    result.formMode += size;
    const kind = LAZY_KINDS.find(([, test]) => chunk.moduleIds.some((id) => test.test(id)))?.[0] ?? "other";
    result.lazy[kind] = (result.lazy[kind] ?? 0) + size;
  }
  result.catalogue += catalogueShared;
  return { result, initialFiles };
}

/** The same entry through esbuild, as a host with esbuild and `splitting: true` builds it. */
async function bundleWithEsbuild(name) {
  const dir = `${root}bench/dist/esbuild-${name}`;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const entry = `${dir}/entry.mjs`;
  await writeFile(entry, ENTRIES[name]);
  const output = await esbuild({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    write: false,
    outdir: `${dir}/out`,
    metafile: true,
    jsx: "automatic",
    logLevel: "silent",
    define: { "process.env.NODE_ENV": '"production"' },
    external: ["react", "react-dom", "react/*", "react-dom/*"],
    plugins: [
      {
        name: "this-checkout",
        setup(plugin) {
          plugin.onResolve({ filter: /^react-mcp-elicitation(\/core)?$/ }, ({ path }) => ({
            path: path.endsWith("/core") ? `${root}src/core/index.ts` : `${root}src/index.ts`,
          }));
        },
      },
    ],
  });
  await rm(dir, { recursive: true, force: true });
  const chunks = output.outputFiles.map((file) => {
    const meta = output.metafile.outputs[Object.keys(output.metafile.outputs).find((key) => file.path.endsWith(key))];
    return {
      fileName: file.path,
      code: file.text,
      isEntry: meta.entryPoint?.endsWith("entry.mjs") === true,
      imports: meta.imports.filter((i) => i.kind === "import-statement").map((i) => `${dir}/out/${i.path.split("/").pop()}`),
      moduleIds: Object.keys(meta.inputs),
    };
  });
  for (const chunk of chunks) chunk.fileName = `${dir}/out/${chunk.fileName.split("/").pop()}`;
  return measure(chunks).result;
}

/**
 * The entry as a host's app uses it: Vite builds an app without keeping its entry's exports (only
 * a library build keeps them, which makes it split shared code into chunks an app never has), so
 * what the entry names is kept by being used, not by being exported.
 */
const appEntry = (entry) => {
  const uses = [];
  const code = entry.replace(/export (\*|\{[^}]*\}) from ("[^"]+");/g, (_, names, from) => {
    const use = `m${uses.length}`;
    uses.push(use);
    return names === "*" ? `import * as ${use} from ${from};` : `import ${names} from ${from}; const ${use} = ${names.replace(/default as /g, "")};`;
  });
  return `${code}\nglobalThis.__sizeEntry = [${uses.join(", ")}];`;
};

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
        load: (id) => (id === entryId ? appEntry(ENTRIES[name]) : undefined),
      },
    ],
    resolve: {
      alias: [
        { find: /^react-mcp-elicitation\/core$/, replacement: `${root}src/core/index.ts` },
        { find: /^react-mcp-elicitation\/element$/, replacement: `${root}src/element/index.ts` },
        { find: /^react-mcp-elicitation$/, replacement: `${root}src/index.ts` },
      ],
    },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      rolldownOptions: { input: entryId, preserveEntrySignatures: false, external: WITH_REACT.has(name) ? [] : REACT },
    },
  });
  const files = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const chunks = files.filter((o) => o.type === "chunk").map((chunk) => ({ ...chunk, moduleIds: Object.keys(chunk.modules) }));
  const { result, initialFiles } = measure(chunks);
  // Workers are bundled by Vite on their own and emitted as assets: the RE2 worker holds re2js.
  for (const asset of files.filter((o) => o.type === "asset" && /patternRe2WorkerModule[^/]*\.js$/.test(o.fileName))) {
    result.re2Worker += gzipSync(asset.source, { level: 9 }).length;
  }
  if (process.argv.includes("--why") && name === "oursDialog") printShares(chunks, initialFiles);
  return result;
}

/** Which packages the bytes come from (shares before minification), up front and on demand. */
function printShares(chunks, initialFiles) {
  for (const [title, keep] of [
    ["loaded up front", (chunk) => initialFiles.has(chunk.fileName)],
    ["loaded on demand", (chunk) => !initialFiles.has(chunk.fileName)],
  ]) {
    const byPackage = new Map();
    for (const chunk of chunks.filter(keep)) {
      for (const [id, info] of Object.entries(chunk.modules)) {
        const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
        const key = match ? match[1] : id.includes("/src/") ? id.slice(id.indexOf("/src/") + 1) : id;
        byPackage.set(key, (byPackage.get(key) ?? 0) + info.renderedLength);
      }
    }
    const total = [...byPackage.values()].reduce((a, b) => a + b, 0);
    console.log(`\nShares of ElicitationDialog's bundle, ${title} (before minification; modules of src/ one by one):`);
    for (const [key, length] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 60)) {
      console.log(`  ${key.padEnd(32)} ${((length / total) * 100).toFixed(1).padStart(5)}% ${String(length).padStart(7)} B`);
    }
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sizes = {};
for (const name of Object.keys(ENTRIES)) sizes[name] = await bundle(name);
const esbuildSizes = {};
for (const name of ["oursDialog", "rjsf"]) esbuildSizes[name] = await bundleWithEsbuild(name);
const styles = gzipSync(await readFile(`${root}src/styles.css`), { level: 9 }).length;

const dialog = sizes.oursDialog;
const rjsf = sizes.rjsf.total;
const ratio = (bytes, of = rjsf) => (bytes / of).toFixed(2);
// The most one page loads in form mode: Ajv (eval allowed); the eval-free engine instead is lighter.
const largestPage = dialog.formMode - (dialog.lazy.evalFree ?? 0);
// The ratios the library holds itself to, in either bundler (bench/size-budget.json).
const bundlers = [
  ["Vite (Rolldown)", dialog, rjsf],
  ["esbuild, splitting", esbuildSizes.oursDialog, esbuildSizes.rjsf.total],
];

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ ...sizes, esbuild: esbuildSizes, largestPage, styles }, null, 2));
} else {
  console.log("\nMinified + gzipped, React and react-dom excluded, every other dependency included.");
  console.log("\nWhat a host downloads for `import { ElicitationDialog } from \"react-mcp-elicitation\"` (Vite):\n");
  console.log("| part | when it loads | gzipped | / rjsf |");
  console.log("|---|---|--:|--:|");
  console.log(`| initial bundle | with the host's page, before the first paint | ${kb(dialog.initial)} | ${ratio(dialog.initial)} |`);
  for (const [kind, , label, when] of LAZY_KINDS) {
    if (dialog.lazy[kind] !== undefined) console.log(`| + ${label} | ${when} | ${kb(dialog.lazy[kind])} | – |`);
  }
  if (dialog.lazy.other !== undefined) console.log(`| + code the chunks share (issues' wording, data: URIs) | with either engine | ${kb(dialog.lazy.other)} | – |`);
  console.log(`| largest one page loads, form mode | initial + Ajv + what comes with it | ${kb(largestPage)} | ${ratio(largestPage)} |`);
  console.log(`| form mode, every chunk | initial + both engines (a page loads one of them) | ${kb(dialog.formMode)} | ${ratio(dialog.formMode)} |`);
  console.log(`| URL mode: its body and the Public Suffix List (tldts) | when the first URL-mode request is shown; no rjsf equivalent | ${kb(dialog.psl)} | – |`);
  console.log(`| one question at a time (layout="steps") | when the first request is shown in steps; no rjsf equivalent | ${kb(dialog.steps)} | – |`);
  console.log(`| a language's catalogue (the largest; German, French, Spanish, Japanese, Chinese, Portuguese) and the formatters they share | when a \`locale\` other than English is first used | ${kb(dialog.catalogue)} | – |`);
  console.log(`| file inputs' picker | when the first file field is drawn, on hosts that opt in (\`fileInputs\`) | ${kb(dialog.fileInput)} | – |`);
  console.log(`| a refused answer's errors on the fields | when a host's \`deliver\` (a relay) first refuses an answer | ${kb(dialog.refusal)} | – |`);
  console.log(`| patterns: the way to RE2 (its worker, or its chunk) | a pattern past its worker's deadline, or a page where no worker may start | ${kb(dialog.re2Paths)} | – |`);
  console.log(`| + the RE2 worker's file (re2js inside) | a pattern past its worker's deadline | ${kb(dialog.re2Worker)} | – |`);
  console.log(`| + or RE2 (re2js) as a chunk of the page | a page where no worker may start | ${kb(dialog.re2)} | – |`);
  console.log(`| @rjsf/core + @rjsf/validator-ajv8 (+ @rjsf/utils) | all up front | ${kb(rjsf)} | 1.00 |`);
  console.log("\nThe same in both bundlers (each against rjsf bundled by the same bundler):\n");
  console.log("| bundler | initial | / rjsf | form mode, every chunk | / rjsf | URL mode PSL | RE2 | rjsf |");
  console.log("|---|--:|--:|--:|--:|--:|--:|--:|");
  for (const [label, ours, theirs] of bundlers) {
    console.log(
      `| ${label} | ${kb(ours.initial)} | ${ratio(ours.initial, theirs)} | ${kb(ours.formMode)} | ${ratio(ours.formMode, theirs)} | ${kb(ours.psl)} | ${kb(ours.re2Paths + ours.re2)} | ${kb(theirs)} |`,
    );
  }
  console.log("\nOther bundles (Vite):\n");
  console.log("| bundle | gzipped up front | on demand, form mode | URL mode PSL |");
  console.log("|---|--:|--:|--:|");
  const rows = [
    ["react-mcp-elicitation (everything it exports, the synchronous API included)", sizes.ours],
    ['"react-mcp-elicitation/core" (synchronous API: both engines inside)', sizes.oursCore],
    ['"react-mcp-elicitation/element" (<mcp-elicitation-outlet>; on demand: React and react-dom, the form, the stylesheet, loaded with the first question or when the page is idle)', sizes.oursElement],
    ["ajv + ajv-formats alone", sizes.ajv],
    ["@cfworker/json-schema alone", sizes.cfworker],
    ["react-hook-form alone (everything)", sizes.reactHookForm],
  ];
  const or = (bytes) => (bytes > 0 ? kb(bytes) : "–");
  for (const [label, { initial, formMode, psl }] of rows) console.log(`| ${label} | ${kb(initial)} | ${or(formMode - initial)} | ${or(psl)} |`);
  console.log(`| react-mcp-elicitation/styles.css | ${kb(styles)} | – | – |`);
}

const over = [
  ["ElicitationDialog, initial bundle", dialog.initial, budget.dialogInitial],
  ["ElicitationDialog, form mode (every chunk but the PSL)", dialog.formMode, budget.dialogFormMode],
  ["ElicitationDialog, URL mode's Public Suffix List chunk", dialog.psl, budget.urlModePsl],
  ["ElicitationDialog, the largest language catalogue chunk", dialog.catalogue, budget.catalogue],
  ["ElicitationDialog, the file inputs' chunk", dialog.fileInput, budget.fileInput],
  ["ElicitationDialog, the refused answer's chunk", Math.max(dialog.refusal, esbuildSizes.oursDialog.refusal), budget.answerRefusal],
  ["ElicitationDialog, RE2 pattern engine (its worker's file or its chunk)", Math.max(dialog.re2Paths + Math.max(dialog.re2, dialog.re2Worker), esbuildSizes.oursDialog.re2Paths + esbuildSizes.oursDialog.re2), budget.patternRe2],
  ["react-mcp-elicitation (everything, but the PSL and RE2)", sizes.ours.formMode, budget.index],
  ["react-mcp-elicitation/core (but RE2)", sizes.oursCore.total - sizes.oursCore.re2 - sizes.oursCore.re2Paths, budget.core],
  ["react-mcp-elicitation/element, before its first question (React comes with the question)", sizes.oursElement.initial, budget.elementInitial],
  ["react-mcp-elicitation/element, form mode (every chunk but the PSL)", sizes.oursElement.formMode, budget.elementFormMode],
  ["styles.css", styles, budget.styles],
].filter(([, size, limit]) => size > limit);
for (const [label, size, limit] of over) {
  console.error(`${label} is ${size} bytes gzipped, over its budget of ${limit} (bench/size-budget.json).`);
}
const overRatio = bundlers.flatMap(([label, ours, theirs]) =>
  [
    [`${label}: ElicitationDialog initial / rjsf`, ours.initial / theirs, budget.dialogInitialOfRjsf],
    [`${label}: ElicitationDialog form mode / rjsf`, ours.formMode / theirs, budget.dialogFormModeOfRjsf],
  ].filter(([, value, limit]) => value > limit),
);
for (const [label, value, limit] of overRatio) console.error(`${label} is ${value.toFixed(3)}, over ${limit} (bench/size-budget.json).`);
if (over.length === 0 && overRatio.length === 0 && !process.argv.includes("--json")) {
  console.log(
    `\nWithin budget (bench/size-budget.json): dialog initial ${kb(budget.dialogInitial)} and ≤ ${budget.dialogInitialOfRjsf} of rjsf, ` +
      `dialog form mode ${kb(budget.dialogFormMode)} and ≤ ${budget.dialogFormModeOfRjsf} of rjsf (Vite and esbuild), ` +
      `URL mode's Public Suffix List ${kb(budget.urlModePsl)}, RE2 ${kb(budget.patternRe2)}, a language ${kb(budget.catalogue)}, file inputs ${kb(budget.fileInput)}, a refusal ${kb(budget.answerRefusal)}, ` +
      `everything ${kb(budget.index)}, /core ${kb(budget.core)}, /element ${kb(budget.elementInitial)} up front and ${kb(budget.elementFormMode)} in form mode, styles ${kb(budget.styles)}.`,
  );
}
process.exitCode = over.length > 0 || overRatio.length > 0 ? 1 : 0;
