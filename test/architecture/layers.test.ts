// @vitest-environment node
// The layers import one way: core ← messages ← fields ← form ← dialog ← host. A file may import its
// own layer and the ones below it, never one above; React never reaches core.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "../../src");
const LAYERS = ["core", "messages", "fields", "form", "dialog", "host"] as const;

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

const layerOf = (file: string) => LAYERS.indexOf(file.split(sep)[0] as (typeof LAYERS)[number]);

describe("layers import downward only", () => {
  it("every source file is in a known layer", () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it.each(files)("%s imports nothing from a layer above its own", (file) => {
    const own = layerOf(file);
    const upward = specifiers(readFileSync(join(src, file), "utf8"))
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => relative(src, resolve(dirname(join(src, file)), specifier)))
      .filter((target) => layerOf(target) > own || target.startsWith(".."));
    expect(upward).toEqual([]);
  });

  it.each(files.filter((file) => layerOf(file) === 0))("core/%s imports no React", (file) => {
    const packages = specifiers(readFileSync(join(src, file), "utf8")).filter((specifier) => !specifier.startsWith("."));
    expect(packages.filter((name) => /^(react|react-dom|react-hook-form)(\/|$)/.test(name))).toEqual([]);
  });

  it("the check sees an upward import when there is one", () => {
    const probe = `import type { X } from "../dialog/ElicitationDialog";\nexport const y = import("../host/ElicitationOutlet");`;
    expect(specifiers(probe)).toEqual(["../dialog/ElicitationDialog", "../host/ElicitationOutlet"]);
  });
});
