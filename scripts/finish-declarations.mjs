// Makes the emitted declarations resolve under every moduleResolution a consumer may use.
// The sources import each other without extensions (fine for bundlers); node16/nodenext need
// the full path of the emitted file, so each relative specifier is pointed at the `.js` file
// (or folder index) whose `.d.ts` sits beside it. A specifier that matches nothing fails the build.
// It copies the hand-written declaration files (tsc emits none for them) beside the emitted ones first.
// It also gives the stylesheet export a declaration, so `import "react-mcp-elicitation/styles.css"`
// type-checks outside bundlers that declare `*.css` themselves.
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const dist = new URL("../dist/", import.meta.url).pathname;
const reference = /^\/\/\/\s*<reference\s+path="([^"]*\bsrc\/[^"]*)"/gm;
const specifier = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}(?:\/[^"']*)?)\2/g;

function resolveSpecifier(file, spec) {
  if (spec.endsWith(".js")) return spec;
  const base = join(dirname(file), spec);
  if (existsSync(`${base}.d.ts`)) return `${spec}.js`;
  if (existsSync(join(base, "index.d.ts"))) return `${spec.replace(/\/$/, "")}/index.js`;
  throw new Error(`${relative(dist, file)}: no declaration for "${spec}"`);
}

// The element's registration with Svelte's, Vue's and React's checkers (src/element/index.ts references it).
const handWritten = ["element/frameworkElements.d.ts"];
for (const file of handWritten) copyFileSync(new URL(`../src/${file}`, import.meta.url), join(dist, file));

let rewritten = 0;
for (const entry of readdirSync(dist, { recursive: true })) {
  if (!entry.endsWith(".d.ts")) continue;
  const file = join(dist, entry);
  const text = readFileSync(file, "utf8");
  const fixed = text
    .replace(specifier, (_, lead, quote, spec) => `${lead}${quote}${resolveSpecifier(file, spec)}${quote}`)
    // tsc points a reference to a hand-written file at its source; the copy beside the output is the one shipped.
    .replace(reference, (whole, spec) => {
      const copied = handWritten.find((name) => spec.endsWith(`src/${name}`));
      if (copied === undefined) throw new Error(`${relative(dist, file)}: a reference to "${spec}" outside dist/`);
      return whole.replace(spec, `./${relative(dirname(file), join(dist, copied))}`);
    });
  if (fixed !== text) {
    writeFileSync(file, fixed);
    rewritten++;
  }
}
writeFileSync(join(dist, "styles.css.d.ts"), "// A side-effect stylesheet: importing it adds the library's styles.\nexport {};\n");
console.log(`declarations: ${handWritten.length} copied, ${rewritten} files point at .js paths; styles.css.d.ts written`);
