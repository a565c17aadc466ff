// node scripts/api-report.mjs [--check]
// Writes api/react-mcp-elicitation.api.md: every name each entry point exports, runtime names and
// types apart, each with its declaration as the built .d.ts files give it (comments left out).
// With --check it writes nothing and fails when the built package's surface differs from the
// committed report, so every change to the public API is seen, and reviewed, as a change to that
// file. Run after `npm run build`.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "dist");
const reportFile = join(root, "api/react-mcp-elicitation.api.md");
const ENTRIES = [
  { name: "react-mcp-elicitation", types: "index.d.ts", runtime: "index.js" },
  { name: "react-mcp-elicitation/core", types: "core/index.d.ts", runtime: "core.js" },
  { name: "react-mcp-elicitation/client", types: "client/index.d.ts", runtime: "client.js" },
  { name: "react-mcp-elicitation/client/sdk/v1", types: "client/sdk/v1/index.d.ts", runtime: "client/sdk/v1.js" },
  { name: "react-mcp-elicitation/client/sdk/v2", types: "client/sdk/v2/index.d.ts", runtime: "client/sdk/v2.js" },
  { name: "react-mcp-elicitation/locales", types: "locales.d.ts", runtime: "locales.js" },
  { name: "react-mcp-elicitation/server", types: "server/index.d.ts", runtime: "server.js" },
  { name: "react-mcp-elicitation/server/redis", types: "server/redis/index.d.ts", runtime: "server/redis.js" },
  { name: "react-mcp-elicitation/server/postgres", types: "server/postgres/index.d.ts", runtime: "server/postgres.js" },
  { name: "react-mcp-elicitation/server/ai-sdk", types: "server/ai-sdk/index.d.ts", runtime: "server/ai-sdk.js" },
  { name: "react-mcp-elicitation/server/sdk", types: "server/sdk/index.d.ts", runtime: "server/sdk.js" },
  { name: "react-mcp-elicitation/server/web-push", types: "server/web-push/index.d.ts", runtime: "server/web-push.js" },
  { name: "react-mcp-elicitation/push", types: "client/push/index.d.ts", runtime: "push.js" },
  { name: "react-mcp-elicitation/element", types: "element/index.d.ts", runtime: "element/index.js" },
  { name: "react-mcp-elicitation/server/testing", types: "server/testing/index.d.ts", runtime: "server/testing.js" },
];

/** Top-level statements of a .d.ts file, comments removed. */
function statements(source) {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"' || char === "'" || char === "`") {
      for (i++; i < text.length && text[i] !== char; i++) if (text[i] === "\\") i++;
    } else if ("{([".includes(char)) depth++;
    else if ("})]".includes(char)) {
      depth--;
      const head = text.slice(start, i).trim();
      if (depth === 0 && char === "}" && /^(export\s+)?(declare\s+)?(abstract\s+)?(interface|class|enum|namespace)\b/.test(head)) {
        out.push(text.slice(start, i + 1).trim());
        start = i + 1;
      }
    } else if (char === ";" && depth === 0) {
      out.push(text.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return out.filter(Boolean);
}

function resolveModule(from, specifier) {
  const base = join(dirname(from), specifier.replace(/\.js$/, ""));
  for (const candidate of [`${base}.d.ts`, join(base, "index.d.ts")]) if (existsSync(candidate)) return candidate;
  throw new Error(`${relative(root, from)}: cannot resolve ${specifier}`);
}

const cache = new Map();

/** Map of exported name → { declarations: string[], typeOnly: boolean } for one .d.ts file. */
function exportsOf(file) {
  if (cache.has(file)) return cache.get(file);
  const result = new Map();
  cache.set(file, result);
  const local = new Map();
  const add = (map, name, declaration) => map.set(name, [...(map.get(name) ?? []), declaration]);
  const all = statements(readFileSync(file, "utf8"));
  for (const statement of all) {
    const declared = /^(?:export\s+)?(?:declare\s+)?(?:abstract\s+)?(?:function|const|let|class|interface|type|enum|namespace)\s+([\w$]+)/.exec(statement);
    if (declared) add(local, declared[1], statement.replace(/^export\s+/, "").replace(/^declare\s+/, ""));
  }
  for (const statement of all) {
    const star = /^export\s+(type\s+)?\*\s+from\s+["']([^"']+)["'];$/.exec(statement);
    if (star) {
      for (const [name, entry] of exportsOf(resolveModule(file, star[2]))) {
        result.set(name, { ...entry, typeOnly: entry.typeOnly || Boolean(star[1]) });
      }
      continue;
    }
    const named = /^export\s+(type\s+)?\{([^}]*)\}(?:\s+from\s+["']([^"']+)["'])?;$/.exec(statement);
    if (named) {
      const source = named[3] === undefined ? undefined : exportsOf(resolveModule(file, named[3]));
      for (const part of named[2].split(",").map((p) => p.trim()).filter(Boolean)) {
        const [, typeKeyword, original, alias] = /^(type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(part);
        const target = source ? source.get(original) : { declarations: local.get(original) ?? [], typeOnly: false };
        if (!target) throw new Error(`${relative(root, file)}: ${original} is not exported by ${named[3]}`);
        result.set(alias ?? original, { ...target, typeOnly: target.typeOnly || Boolean(named[1] || typeKeyword) });
      }
      continue;
    }
    const declared = /^export\s+(?:declare\s+)?(?:abstract\s+)?(function|const|let|class|interface|type|enum|namespace)\s+([\w$]+)/.exec(statement);
    if (declared) {
      const typeOnly = declared[1] === "interface" || declared[1] === "type";
      result.set(declared[2], { declarations: local.get(declared[2]), typeOnly });
    }
  }
  return result;
}

async function report() {
  const sections = [
    "# API report: react-mcp-elicitation",
    "",
    "Generated by `node scripts/api-report.mjs` from the built declarations (`npm run build` first); CI runs it",
    "with `--check` and fails when the package's public surface differs from this file. A change here is a",
    "change to what hosts can import: review it as such.",
  ];
  const problems = [];
  for (const entry of ENTRIES) {
    const names = exportsOf(join(dist, entry.types));
    const runtime = Object.keys(await import(join(dist, entry.runtime))).sort();
    const runtimeSet = new Set(runtime);
    const typeNames = [...names.keys()].filter((name) => !runtimeSet.has(name)).sort();
    for (const name of runtime) if (!names.has(name)) problems.push(`${entry.name}: ${name} is exported at runtime but has no declaration`);
    const block = (name) => ["```ts", ...(names.get(name)?.declarations ?? [`// ${name}`]), "```"];
    sections.push("", `## "${entry.name}"`, "", `${runtime.length} runtime names, ${typeNames.length} types.`, "", "### Runtime names", "");
    for (const name of runtime) sections.push(`#### ${name}`, "", ...block(name), "");
    sections.push("### Types", "");
    for (const name of typeNames) sections.push(`#### ${name}`, "", ...block(name), "");
  }
  return { text: `${sections.join("\n").trimEnd()}\n`, problems };
}

const { text, problems } = await report();
for (const problem of problems) console.error(problem);
if (process.argv.includes("--check")) {
  const committed = existsSync(reportFile) ? readFileSync(reportFile, "utf8") : "";
  if (committed !== text) {
    writeFileSync(`${reportFile}.new`, text);
    console.error(
      `The public API differs from ${relative(root, reportFile)} (the built surface is in ${relative(root, reportFile)}.new).\n` +
        "If the change is intended, run `npm run build && npm run api-report` and commit the report.",
    );
    process.exitCode = 1;
  } else {
    console.log(`Public API matches ${relative(root, reportFile)}.`);
  }
} else {
  writeFileSync(reportFile, text);
  console.log(`Wrote ${relative(root, reportFile)}.`);
}
if (problems.length > 0) process.exitCode = 1;
