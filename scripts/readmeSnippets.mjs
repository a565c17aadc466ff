// Finds the TypeScript snippets of a Markdown file: every fenced block tagged ts, tsx or typescript,
// indented (inside a list item) or not, with the line it starts on and the heading it sits under.
// A snippet that uses names defined elsewhere (a `client`, a `notification`) may be preceded by a
// comment giving them, which the checker puts before the snippet and the reader never sees:
//
//   <!-- readme-check
//   import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
//   declare const client: Client;
//   -->

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/;
const TYPESCRIPT = new Set(["ts", "tsx", "typescript", "mts", "cts"]);
const PRELUDE_OPEN = /^\s*<!--\s*readme-check\b(.*)$/;

/**
 * @param {string} markdown
 * @param {Set<string>} [langs] the fences' languages to take (TypeScript's by default; others keep their name)
 * @returns {{ line: number, lang: string, code: string, prelude: string, preludeLine: number | undefined, heading: string }[]}
 *   `line`: 1-based line of the snippet's first code line (the one after the opening fence).
 */
export function extractSnippets(markdown, langs = TYPESCRIPT) {
  const lines = markdown.split(/\r?\n/);
  const snippets = [];
  let heading = "";
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) {
      const title = /^#{1,6}\s+(.*)$/.exec(lines[i]);
      if (title) heading = title[1].trim();
      continue;
    }
    const [, indent, fence, info] = open;
    let end = i + 1;
    while (end < lines.length && !isClosing(lines[end], fence)) end++;
    if (end === lines.length) throw new Error(`README line ${i + 1}: a code block opened here is never closed`);
    const lang = info.toLowerCase();
    if (langs.has(lang)) {
      const body = lines.slice(i + 1, end).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()));
      const prelude = preludeBefore(lines, i);
      snippets.push({
        line: i + 2,
        lang: TYPESCRIPT.has(lang) ? (lang === "tsx" ? "tsx" : "ts") : lang,
        code: body.join("\n"),
        prelude: prelude?.text ?? "",
        preludeLine: prelude?.line,
        heading,
      });
    }
    i = end;
  }
  return snippets;
}

function isClosing(line, fence) {
  const trimmed = line.trim();
  return trimmed.startsWith(fence[0].repeat(fence.length)) && /^[`~]+$/.test(trimmed);
}

/** The `<!-- readme-check … -->` comment ending on the line right before the fence, if any. */
function preludeBefore(lines, fenceIndex) {
  const last = fenceIndex - 1;
  if (last < 0 || !/-->\s*$/.test(lines[last])) return undefined;
  let start = last;
  while (start >= 0 && !PRELUDE_OPEN.test(lines[start])) {
    if (start < last && /-->/.test(lines[start])) return undefined;
    start--;
  }
  if (start < 0) return undefined;
  const text = [PRELUDE_OPEN.exec(lines[start])[1], ...lines.slice(start + 1, last + 1)]
    .join("\n")
    .replace(/-->\s*$/, "")
    .trim();
  return { text, line: start + 1 };
}

/** Bare module specifiers a snippet imports, reduced to package names (`@scope/name`, `name`). */
export function importedPackages(code) {
  const names = new Set();
  for (const [, spec] of code.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g)) add(spec);
  for (const [, , spec] of code.matchAll(/(?:^|\n)\s*import\s*(["'])([^"']+)\1/g)) add(spec);
  return [...names];

  function add(spec) {
    if (!spec || spec.startsWith(".") || spec.startsWith("/") || spec.startsWith("node:")) return;
    const parts = spec.split("/");
    names.add(spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
  }
}

/** Packages the Markdown tells a reader to install (`npm install a b`, `npm i -D c`, in code or prose). */
export function packagesToInstall(markdown) {
  const names = new Set();
  for (const [, args] of markdown.matchAll(/\bnpm\s+(?:install|i|add)\b([^\n`&|;#]*)/g)) {
    for (const word of args.trim().split(/\s+/)) {
      if (!word || word.startsWith("-") || word.startsWith(".") || word.startsWith("/") || word.endsWith(".tgz")) continue;
      // Drop a version or tag: name@1, @scope/name@^2.
      const at = word.indexOf("@", 1);
      const name = at > 0 ? word.slice(0, at) : word;
      if (/^(@[a-z0-9._-]+\/)?[a-z0-9._-]+$/.test(name)) names.add(name);
    }
  }
  return [...names];
}
