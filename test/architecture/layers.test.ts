// @vitest-environment node
// The layers import one way: core ← client ← messages ← ui ← fields ← form ← dialog ← host ← element. client/ is
// the queue and the relay's browser client, without React; ui/ holds the React helpers more than one layer uses (a
// stable callback, the pointer-press and activation guards). A file may import its own layer and the ones below it,
// never one above; React never reaches core or client. Each folder of host/ is a room of its own. The relay's server
// side (server/) stands apart: it may import core only, nothing imports it, only its redis/
// folder may name ioredis and only its ai-sdk/ folder @ai-sdk/mcp.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { RELAY_BOUNDS } from "../../src/core/relay/relayWire";

const src = join(import.meta.dirname, "../../src");
const LAYERS = ["core", "client", "messages", "ui", "fields", "form", "dialog", "host", "element"] as const;

const files = readdirSync(src, { recursive: true })
  .map(String)
  .filter((file) => /\.tsx?$/.test(file) && file.includes(sep));

/** Every module specifier a file names: static and type imports, re-exports, dynamic import(). */
function specifiers(source: string): string[] {
  const found = [
    ...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gms),
    ...source.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
    ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ];
  return [...new Set(found.map((match) => match[1]!))];
}

/** Where a relative specifier points, as a path under src/ without extension. */
function targetOf(file: string, specifier: string): string {
  return relative(src, resolve(dirname(join(src, file)), specifier));
}

const moduleOf = (file: string) => file.replace(/\.tsx?$/, "").replace(/\/index$/, "");

/** Import cycles among src/ files (static, type and dynamic imports all count). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

const layerOf = (file: string) => LAYERS.indexOf(file.split(sep)[0] as (typeof LAYERS)[number]);
const reactPackages = (names: string[]) => names.filter((name) => !name.startsWith(".") && /^(react|react-dom|react-hook-form)(\/|$)/.test(name));
const reactImports = (file: string) => reactPackages(specifiers(readFileSync(join(src, file), "utf8")));
const inServer = (file: string) => file.split(sep)[0] === "server";
const serverFiles = files.filter(inServer);

/** Where each relative import of `file` points, under src/. */
const relativeTargets = (file: string) =>
  specifiers(readFileSync(join(src, file), "utf8"))
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => relative(src, resolve(dirname(join(src, file)), specifier)));

describe("layers import downward only", () => {
  it("every source file is in a known layer", () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((file) => layerOf(file) < 0 && !inServer(file))).toEqual([]);
  });

  it.each(files.filter((file) => !inServer(file)))("%s imports nothing from a layer above its own", (file) => {
    const own = layerOf(file);
    const upward = specifiers(readFileSync(join(src, file), "utf8"))
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => relative(src, resolve(dirname(join(src, file)), specifier)))
      .filter((target) => layerOf(target) > own || target.startsWith(".."));
    expect(upward).toEqual([]);
  });

  it.each(files.filter((file) => layerOf(file) >= 0 && layerOf(file) <= layerOf("client")))("%s imports no React", (file) => {
    expect(reactImports(file)).toEqual([]);
  });

  it.each(files.filter((file) => layerOf(file) === layerOf("client")))("%s imports nothing of dialog/ (or any React layer)", (file) => {
    expect(relativeTargets(file).filter((target) => layerOf(target) > layerOf("client"))).toEqual([]);
  });

  it("the React check sees React, and the client check sees an import of dialog/", () => {
    expect(reactPackages(specifiers(`import { useEffect } from "react";\nimport type { Root } from "react-dom/client";`))).toEqual(["react", "react-dom/client"]);
    const probe = join("client", "relay", "probe.ts");
    expect(specifiers(`import { AnswerNotSent } from "../../dialog/AnswerNotSent";`).map((specifier) => layerOf(targetOf(probe, specifier)))).toEqual([layerOf("dialog")]);
  });

  it.each(serverFiles)("server/%s imports only core and server, and no React", (file) => {
    const outside = relativeTargets(file).filter((target) => !/^(core|server)(\/|$)/.test(target.split(sep).join("/")));
    expect(outside).toEqual([]);
    expect(reactImports(file)).toEqual([]);
  });

  it("nothing outside server/ imports it", () => {
    const importers = files.filter((file) => !inServer(file) && relativeTargets(file).some((target) => inServer(target)));
    expect(importers).toEqual([]);
    expect(serverFiles.length).toBeGreaterThan(3);
  });

  it("only server/redis/ names ioredis, and the rest of server/ never imports redis/", () => {
    const isRedis = (file: string) => file.split(sep).slice(0, 2).join("/") === "server/redis";
    const namesIoredis = (file: string) => specifiers(readFileSync(join(src, file), "utf8")).some((name) => /^ioredis(\/|$)/.test(name));
    expect(files.filter((file) => !isRedis(file) && namesIoredis(file))).toEqual([]);
    expect(serverFiles.filter((file) => !isRedis(file) && relativeTargets(file).some(isRedis))).toEqual([]);
  });

  it("only server/ai-sdk/ names @ai-sdk/mcp, and the rest of server/ never imports ai-sdk/", () => {
    const isAiSdk = (file: string) => file.split(sep).slice(0, 2).join("/") === "server/ai-sdk";
    const namesAiSdk = (file: string) => specifiers(readFileSync(join(src, file), "utf8")).some((name) => /^@ai-sdk\/mcp(\/|$)/.test(name));
    expect(files.filter((file) => !isAiSdk(file) && namesAiSdk(file))).toEqual([]);
    expect(serverFiles.filter((file) => !isAiSdk(file) && relativeTargets(file).some(isAiSdk))).toEqual([]);
    expect(files.filter(isAiSdk).some(namesAiSdk)).toBe(true);
  });

  it("the check sees an upward import when there is one", () => {
    const probe = `import type { X } from "../dialog/ElicitationDialog";\nexport const y = import("../host/ElicitationOutlet");`;
    expect(specifiers(probe)).toEqual(["../dialog/ElicitationDialog", "../host/ElicitationOutlet"]);
  });

  it("core keeps index.ts and types.ts at its top and every other file in a folder by job", () => {
    const jobs = ["request", "validation", "values", "loading", "url", "shared", "relay"];
    const coreFiles = files.filter((file) => layerOf(file) === 0).map((file) => file.split(sep).slice(1));
    expect(coreFiles.filter((parts) => parts.length === 1).map((parts) => parts[0]).sort()).toEqual(["index.ts", "types.ts"]);
    expect(coreFiles.filter((parts) => parts.length > 1 && !jobs.includes(parts[0]!))).toEqual([]);
  });

  // Inside core the folders import one way too: shared ← url ← request ← values ← validation ← loading ←
  // relay. shared/ holds small helpers; request/ parses what a server sent; values/ converts a form's
  // values to content; validation/ checks content (the check, its engines, its runtime); loading/ brings
  // the check to the forms on demand; relay/ checks what a relayed answer holds. types.ts, the shapes
  // they all share, imports nothing; index.ts may import every folder.
  const CORE_FOLDERS = ["shared", "url", "request", "values", "validation", "loading", "relay"];
  const coreFolderOf = (path: string) => {
    const parts = path.split(sep);
    return parts[0] === "core" && parts.length > 2 ? CORE_FOLDERS.indexOf(parts[1]!) : undefined;
  };

  it.each(files.filter((file) => coreFolderOf(file) !== undefined))("%s imports no core folder after its own", (file) => {
    const own = coreFolderOf(file)!;
    const later = relativeTargets(file).filter((target) => (coreFolderOf(target) ?? -1) > own || target === join("core", "index"));
    expect(later).toEqual([]);
  });

  it("core/types.ts imports nothing", () => {
    expect(specifiers(readFileSync(join(src, "core", "types.ts"), "utf8"))).toEqual([]);
  });

  it("no file takes part in an import cycle", () => {
    const graph = new Map(
      files.map((file) => [
        moduleOf(file),
        specifiers(readFileSync(join(src, file), "utf8"))
          .filter((specifier) => specifier.startsWith("."))
          .map((specifier) => moduleOf(targetOf(file, specifier))),
      ]),
    );
    expect(findCycles(graph)).toEqual([]);
  });

  it("the cycle check sees a cycle when there is one", () => {
    const graph = new Map([
      ["core/a", ["core/b"]],
      ["core/b", ["core/c"]],
      ["core/c", ["core/a"]],
    ]);
    expect(findCycles(graph)).toEqual([["core/a", "core/b", "core/c", "core/a"]]);
  });
});

describe("admission is one step, in core", () => {
  const home = join("core", "request", "createElicitationAdmission.ts");
  /** A refusal of the admission's own, built in place: `("rate-limited", REQUEST_REFUSED`. */
  const refusalBuilt = /["'](rate-limited|queue-closed|too-many-open)["']\s*,\s*REQUEST_REFUSED\b/;

  it("no other file words the refusals of closed, rate or open maximum", () => {
    expect(files.filter((file) => file !== home && refusalBuilt.test(readFileSync(join(src, file), "utf8")))).toEqual([]);
    expect(refusalBuilt.test(readFileSync(join(src, home), "utf8"))).toBe(true);
  });

  it("the queue and both relay ways in go through it", () => {
    for (const file of ["client/queue/createQueueAdmission.ts", "server/relay/createRelayAdmission.ts"]) {
      expect(relativeTargets(file.split("/").join(sep))).toContain(home.replace(/\.ts$/, ""));
    }
  });
});

/** `const MAX_… = value;`, with or without digit separators. */
const maximumDefined = (value: number) => new RegExp(`\\bconst\\s+MAX_[A-Z0-9_]*\\s*=\\s*${String(value).split("").join("_?")}\\s*;`);

describe("the relay's wire has one home: core/relay", () => {
  const wireHome = join("core", "relay");
  const outside = files.filter((file) => !file.startsWith(wireHome + sep));
  const read = (file: string) => readFileSync(join(src, file), "utf8");
  const bounds = Object.entries(RELAY_BOUNDS);

  it("client/relay and server/ read the wire through core/relay", () => {
    for (const file of ["client/relay/connectElicitationRelay.ts", "server/createElicitationRelay.ts"]) {
      expect(relativeTargets(file.split("/").join(sep)).some((target) => target.startsWith(wireHome + sep))).toBe(true);
    }
  });

  it("no other file lists the closing reasons or defines a reader of the stream's events", () => {
    const reasonsListed = /["']answered["'][^\n]*["']withdrawn["'][^\n]*["']timeout["']/;
    const eventNameCompared = /\bevent\s*[!=]==?\s*["'](request|closed|completed|ready)["']/;
    expect(outside.filter((file) => reasonsListed.test(read(file)) || eventNameCompared.test(read(file)))).toEqual([]);
  });

  it.each(bounds)("no other file defines the bound %s (%d) again", (_name, value) => {
    // A maximum of its own with the same value (`const MAX_SERVER_NAME = 200;`) on either side is the same fact written twice.
    const definition = maximumDefined(value);
    expect(outside.filter((file) => (file.startsWith(join("client", "relay")) || inServer(file)) && definition.test(read(file)))).toEqual([]);
  });

  it("the bound check sees a bound written twice", () => {
    expect(maximumDefined(200).test("const MAX_SERVER_NAME = 200;")).toBe(true);
    expect(maximumDefined(1024).test("const MAX_CONTEXT_VALUE = 1_024;")).toBe(true);
    expect(maximumDefined(200).test("const MAX_ELICITATION_ID = 256;")).toBe(false);
  });
});

// Each folder of host/ is a room: its files import their own folder and the layers below, never
// another folder of host/ or host/'s own files (which compose the rooms). client/'s folders import one
// way, queue ← relay ← push (Web Push, an entry of its own) ← sdk (the SDK clients' wiring, an entry per
// major); its types.ts imports core only, and index.ts (the entry) may import all of it.
describe("rooms inside host/ and client/", () => {
  const folderOf = (path: string, layer: string) => {
    const parts = path.split(sep);
    return parts[0] === layer && parts.length > 2 ? parts[1]! : undefined;
  };

  it.each(files.filter((file) => folderOf(file, "host") !== undefined))("%s imports nothing of host/ outside its own folder", (file) => {
    const own = folderOf(file, "host");
    const elsewhere = relativeTargets(file).filter((target) => target.split(sep)[0] === "host" && folderOf(target, "host") !== own);
    expect(elsewhere).toEqual([]);
  });

  const CLIENT_FOLDERS = ["queue", "relay", "push", "sdk"];
  it("client/ has index.ts and types.ts at its top, every other file in queue/, relay/, push/ or sdk/", () => {
    const clientFiles = files.filter((file) => layerOf(file) === layerOf("client")).map((file) => file.split(sep).slice(1));
    expect(clientFiles.filter((parts) => parts.length === 1).map((parts) => parts[0]).sort()).toEqual(["index.ts", "types.ts"]);
    expect(clientFiles.filter((parts) => parts.length > 1 && !CLIENT_FOLDERS.includes(parts[0]!))).toEqual([]);
  });

  it.each(files.filter((file) => folderOf(file, "client") !== undefined))("%s imports no client folder after its own, nor the entry", (file) => {
    const own = CLIENT_FOLDERS.indexOf(folderOf(file, "client")!);
    const later = relativeTargets(file).filter((target) => CLIENT_FOLDERS.indexOf(folderOf(target, "client") ?? "") > own || target === join("client", "index"));
    expect(later).toEqual([]);
  });

  it("client/types.ts imports core only", () => {
    expect(relativeTargets(join("client", "types.ts")).filter((target) => layerOf(target) !== layerOf("core"))).toEqual([]);
  });

  // A page on one SDK major must build without the other installed: only client/sdk/v1/ names SDK v1 in
  // client/, and client/sdk/v2/ takes SDK v2's types only (nothing of it at run time).
  it("only client/sdk/v1/ names @modelcontextprotocol/sdk in client/, and nothing there imports SDK v2 at run time", () => {
    const clientFiles = files.filter((file) => layerOf(file) === layerOf("client"));
    const source = (file: string) => readFileSync(join(src, file), "utf8");
    const namesV1 = (file: string) => specifiers(source(file)).some((name) => /^@modelcontextprotocol\/sdk(\/|$)/.test(name));
    const importsV2 = (text: string) => /^\s*import\s+(?!type\b)[^;]*?\bfrom\s+["']@modelcontextprotocol\/client(\/[^"']*)?["']/ms.test(text);
    const runtimeV2 = (file: string) => importsV2(source(file));
    const inV1 = (file: string) => file.split(sep).slice(0, 3).join("/") === "client/sdk/v1";
    expect(clientFiles.filter((file) => namesV1(file) && !inV1(file))).toEqual([]);
    expect(clientFiles.filter(inV1).some(namesV1)).toBe(true);
    expect(clientFiles.filter(runtimeV2)).toEqual([]);
    // The check tells a value import from a type import.
    expect(importsV2(`import { Client } from "@modelcontextprotocol/client";`)).toBe(true);
    expect(importsV2(`import type { Client } from "@modelcontextprotocol/client";`)).toBe(false);
  });

  it("the room check sees an import from another folder of host/", () => {
    const probe = join("host", "attention", "probe.ts");
    const target = targetOf(probe, "../ElicitationOutlet");
    expect(target.split(sep)[0] === "host" && folderOf(target, "host") !== "attention").toBe(true);
  });
});

/**
 * HTTP statuses written as numbers (comments aside): compared (`status === 409`, `>= 500`), a `case`,
 * a `status:` value, an entry of a list (`[400, 413]`), or inside a string (`"answered 404"`). Limits
 * and cuts (`maxOpen: 100`, `slice(0, 200)`) are not statuses.
 */
function statusNumbers(source: string): string[] {
  // Comments go, and so do a template's `${…}` parts (a cut inside one is not in the text).
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/\s\/\/[^"'`\n]*$/gm, "")
    .replace(/\$\{[^{}]*\}/g, "${}");
  const status = "[1-5]\\d\\d(?!\\w|\\.\\d)";
  const written = new RegExp(
    [
      `(?:[=!]==?|[<>]=?)\\s*${status}`,
      `(?<![\\w.])${status}\\s*(?:[=!]==?|[<>]=?)`,
      `\\bcase\\s+${status}`,
      `\\bstatus\\w*\\s*:\\s*${status}`,
      `[[,]\\s*${status}\\s*[,\\]]`,
      `["'\`][^"'\`\\n]*(?<![\\w.$])${status}[^"'\`\\n]*["'\`]`,
    ].join("|"),
    "g",
  );
  return [...code.matchAll(written)].map((match) => match[0]);
}

describe("HTTP statuses have one home: core/relay/relayWire.ts", () => {
  const browserClient = files.filter((file) => layerOf(file) === layerOf("client"));

  it.each(browserClient)("%s writes no status as a number (it reads RELAY_STATUS)", (file) => {
    expect(statusNumbers(readFileSync(join(src, file), "utf8"))).toEqual([]);
  });

  it("the browser client and the server's answer intake read the statuses from the wire", () => {
    for (const file of ["client/relay/createAnswerPost.ts", "client/relay/openRelayStream.ts", "server/relay/createAnswerIntake.ts"]) {
      const source = readFileSync(join(src, ...file.split("/")), "utf8");
      expect(source).toMatch(/\bRELAY_STATUS\.\w+/);
      expect(relativeTargets(file.split("/").join(sep))).toContain(join("core", "relay", "relayWire"));
    }
  });

  it("the check sees a status written as a number, and not a limit or a cut", () => {
    for (const written of ["if (status === 409) {", "if (response.status !== 200) return;", "case 404:", "status >= 500", "{ status: 401 }", "new Set([400, 413, 415])", 'throw new Error("The relay answered 404.");']) {
      expect(statusNumbers(written)).not.toEqual([]);
    }
    for (const fine of ["maxOpen: 100,", "text.slice(0, 200)", "if (now - windowStart >= 1_000) {", "// a 409 says so", "status === RELAY_STATUS.alreadyClosed", "`answered ${status}`"]) {
      expect(statusNumbers(fine)).toEqual([]);
    }
  });
});
