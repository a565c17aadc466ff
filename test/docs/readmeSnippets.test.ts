// The README checker finds every TypeScript snippet, however it is fenced, and knows where it is.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractSnippets, importedPackages, packagesToInstall } from "../../scripts/readmeSnippets.mjs";

const markdown = [
  "# Title", // 1
  "", // 2
  "```ts", // 3
  "const a = 1;", // 4
  "```", // 5
  "## Inside a list", // 6
  "- item", // 7
  "  <!-- readme-check", // 8
  "  declare const url: string;", // 9
  "  -->", // 10
  "  ```tsx", // 11
  "  const b = <p>{url}</p>;", // 12
  "  ```", // 13
  "```sh", // 14
  "npm install @scope/pkg@^2 zod -D ../x.tgz", // 15
  "```", // 16
  "````typescript", // 17
  "```", // 18
  "````", // 19
  "```TS", // 20
  "import { z } from \"zod\";", // 21
  "```", // 22
].join("\n");

describe("extractSnippets", () => {
  const snippets = extractSnippets(markdown);

  it("finds ts, tsx, typescript and TS blocks, indented or not, and no other language", () => {
    expect(snippets.map((s) => [s.line, s.lang])).toEqual([
      [4, "ts"],
      [12, "tsx"],
      [18, "ts"],
      [21, "ts"],
    ]);
  });

  it("strips a list item's indentation and keeps the heading the block sits under", () => {
    expect(snippets[1]).toMatchObject({ code: "const b = <p>{url}</p>;", heading: "Inside a list" });
  });

  it("takes the readme-check comment right before a block as its prelude, with its line", () => {
    expect(snippets[1]).toMatchObject({ prelude: "declare const url: string;", preludeLine: 8 });
    expect(snippets[0]!.prelude).toBe("");
  });

  it("a longer fence holds a shorter one", () => {
    expect(snippets[2]!.code).toBe("```");
  });

  it("names the line of a block that is never closed", () => {
    expect(() => extractSnippets("text\n```ts\nconst a = 1;\n")).toThrow(/README line 2/);
  });
});

describe("packages", () => {
  it("reads package names from npm install lines, without versions, flags or tarballs", () => {
    expect(packagesToInstall(markdown).sort()).toEqual(["@scope/pkg", "zod"]);
  });

  it("reduces imports to package names and ignores relative and node: imports", () => {
    const code = 'import { a } from "@scope/pkg/sub/path.js";\nimport type { B } from "b";\nimport "c/styles.css";\nimport x from "./x";\nimport fs from "node:fs";';
    expect(importedPackages(code).sort()).toEqual(["@scope/pkg", "b", "c"]);
  });

  it("every page's snippets import only packages some page tells a host to install", () => {
    const root = join(import.meta.dirname, "../..");
    const pages = ["README.md", "SECURITY.md", ...readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];
    const texts = pages.map((page) => readFileSync(join(root, page), "utf8"));
    const installed = new Set(["react", "react-dom", "react-mcp-elicitation", ...texts.flatMap((text) => packagesToInstall(text))]);
    const snippets = texts.flatMap((text, index) => extractSnippets(text).map((snippet) => ({ ...snippet, page: pages[index] })));
    expect(snippets.length).toBeGreaterThan(20);
    for (const snippet of snippets) {
      for (const name of importedPackages(`${snippet.prelude}\n${snippet.code}`)) {
        expect([snippet.page, snippet.line, name, installed.has(name)]).toEqual([snippet.page, snippet.line, name, true]);
      }
    }
  });
});
