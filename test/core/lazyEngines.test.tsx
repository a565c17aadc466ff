// The dialog, forms and queue reach the validation engines (Ajv, the eval-free engine) and the
// pattern engine (re2js) only through dynamic import(). These tests start each case from fresh
// modules, with nothing loaded, and check that the results are the ones of the synchronous API.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { parseElicitationSchema } from "../../src/core/parseElicitationSchema";
import type { ElicitParams } from "../../src/core/types";
import { validateElicitationContent } from "../../src/core/validateElicitationContent";
import { bankTransfer, contactInfo, githubUsername } from "../fixtures/seedRequests";

const src = join(import.meta.dirname, "../../src");

/** Source files reached from `entry` through static imports only (type-only imports left out). */
function staticGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (graph.has(file)) continue;
    const source = readFileSync(file, "utf8");
    const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gms)].map((m) => m[1]!);
    graph.set(file, specifiers);
    for (const specifier of specifiers) {
      if (!specifier.startsWith(".")) continue;
      const base = resolve(dirname(file), specifier);
      const candidates = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")];
      const found = candidates.find((candidate) => {
        try {
          readFileSync(candidate);
          return true;
        } catch {
          return false;
        }
      });
      if (found) stack.push(found);
    }
  }
  return graph;
}

// ajv-formats' format definitions alone (no Ajv) are allowed: the parser checks defaults with them.
const HEAVY_PACKAGES = /^(ajv|re2js|@cfworker\/json-schema)($|\/)|^ajv-formats(?!\/dist\/formats\.js$)/;
const SYNC_MODULES = /\/core\/(ajvEngine|evalFreeValidator|safePattern|compileContentValidator|validateElicitationContent|validateFormValues|parseElicitationSchema|parseElicitationRequest)\.ts$/;

describe("what the UI imports statically", () => {
  it.each(["dialog/ElicitationDialog.tsx", "form/ElicitationForm.tsx", "host/ElicitationOutlet.tsx", "host/createElicitationQueue.ts"])(
    "%s reaches no engine and no synchronous validation module",
    (entry) => {
      const graph = staticGraph(join(src, entry));
      expect(graph.size).toBeGreaterThan(5);
      for (const [file, specifiers] of graph) {
        expect(file).not.toMatch(SYNC_MODULES);
        expect(specifiers.filter((s) => HEAVY_PACKAGES.test(s))).toEqual([]);
      }
    },
  );
});

describe("loading on demand", () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it("parses without the pattern engine until a pattern needs it, then exactly as the synchronous parser", async () => {
    const { parseSchema, PATTERN_ENGINE_NEEDED } = await import("../../src/core/schemaParser");
    const { loadedPatternEngine, loadPatternEngine } = await import("../../src/core/patternEngine");
    expect(loadedPatternEngine()).toBeUndefined();
    // No pattern: nothing to load, the same answer.
    expect(parseSchema(contactInfo.requestedSchema, {}, undefined)).toEqual(parseElicitationSchema(contactInfo.requestedSchema));
    // An error met before the first pattern is final already.
    const early = { type: "object", properties: { a: { type: "object" }, b: { type: "string", pattern: "^x$" } } };
    expect(parseSchema(early, {}, undefined)).toEqual(parseElicitationSchema(early));
    expect(parseSchema(bankTransfer.requestedSchema, {}, undefined)).toBe(PATTERN_ENGINE_NEEDED);

    await loadPatternEngine();
    const badDefault = { type: "object", properties: { code: { type: "string", pattern: "^[0-9]+$", default: "abc" } } };
    const lookaround = { type: "object", properties: { code: { type: "string", pattern: "^(?=a)a$" } } };
    for (const schema of [bankTransfer.requestedSchema, badDefault, lookaround]) {
      expect(parseSchema(schema, {}, loadedPatternEngine())).toEqual(parseElicitationSchema(schema));
    }
    expect(parseElicitationSchema(badDefault)).toMatchObject({ ok: false, error: { path: "requestedSchema.properties.code.default" } });
  });

  it.each(["ajv", "eval-free"] as const)("validates with the loaded %s engine exactly as validateElicitationContent", async (engine) => {
    const { loadContentValidator, loadedContentValidator } = await import("../../src/core/loadValidation");
    const { parseSchema } = await import("../../src/core/schemaParser");
    const { loadPatternEngine } = await import("../../src/core/patternEngine");
    const parsed = parseSchema(bankTransfer.requestedSchema, {}, await loadPatternEngine());
    if (typeof parsed === "symbol" || !parsed.ok) throw new Error("seed did not parse");
    expect(loadedContentValidator(parsed.schema, { engine })).toBeUndefined();
    const validate = await loadContentValidator(parsed.schema, { engine });
    expect(loadedContentValidator(parsed.schema, { engine })).toBeDefined();
    const contents = [
      { amount: 10, recipient_account: "0123456789" },
      { amount: 10, recipient_account: "12345" },
      { recipient_account: "x".repeat(20), priority: "none", extra: true },
      "not an object",
    ];
    for (const content of contents) {
      expect(validate(content)).toEqual(validateElicitationContent(bankTransfer.requestedSchema, content, { engine }));
    }
  });

  it("loads the pattern engine only for schemas with a pattern", async () => {
    const { loadContentValidator } = await import("../../src/core/loadValidation");
    const { parseSchema } = await import("../../src/core/schemaParser");
    const { loadedPatternEngine } = await import("../../src/core/patternEngine");
    const parsed = parseSchema(contactInfo.requestedSchema, {}, undefined);
    if (typeof parsed === "symbol" || !parsed.ok) throw new Error("seed did not parse");
    const validate = await loadContentValidator(parsed.schema);
    expect(validate({ name: "Ada", email: "ada" })).toEqual(validateElicitationContent(contactInfo.requestedSchema, { name: "Ada", email: "ada" }));
    expect(loadedPatternEngine()).toBeUndefined();
  });

  it("the dialog draws nothing until a pattern can be checked, then refuses a default that breaks it", async () => {
    const { ElicitationDialog } = await import("../../src/dialog/ElicitationDialog");
    const onInvalidRequest = vi.fn();
    const request = {
      message: "Code?",
      requestedSchema: { type: "object", properties: { code: { type: "string", pattern: "^[0-9]+$", default: "abc" } } },
    } as ElicitParams;
    render(<ElicitationDialog serverName="S" request={request} onResponse={vi.fn()} onInvalidRequest={onInvalidRequest} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(onInvalidRequest).toHaveBeenCalledTimes(1));
    expect(onInvalidRequest.mock.calls[0]![0]).toMatchObject({ code: -32602, path: "requestedSchema.properties.code.default" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("a first submit before any engine is loaded shows the same errors, focuses the first invalid field, answers once", async () => {
    const { ElicitationDialog } = await import("../../src/dialog/ElicitationDialog");
    const onResponse = vi.fn();
    const user = userEvent.setup();
    render(<ElicitationDialog serverName="Bank" request={bankTransfer} onResponse={onResponse} />);
    const account = await screen.findByRole("textbox", { name: /Recipient account/ });
    const amount = screen.getByRole("spinbutton", { name: /Amount/ });
    // Submit at once: the engines the form started loading as it mounted are not there yet.
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAccessibleDescription(/This field is required$/);
    expect(account).toHaveAccessibleDescription(/This field is required$/);
    await user.type(account, "12345");
    expect(account).toHaveAccessibleDescription(/Doesn.t match the expected format$/);
    expect(onResponse).not.toHaveBeenCalled();

    await user.type(amount, "10");
    await user.clear(account);
    await user.type(account, "0123456789");
    await user.dblClick(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onResponse).toHaveBeenCalledTimes(1));
    expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { amount: 10, recipient_account: "0123456789" } });
  });

  it("a form compiles its schema while the person is still reading, not on the first Submit", async () => {
    const { default: Ajv2020 } = await import("ajv/dist/2020.js");
    const compile = vi.spyOn(Ajv2020.prototype, "compile");
    const { setValidationEngine } = await import("../../src/core/validationEngine");
    setValidationEngine("ajv");
    const { ElicitationDialog } = await import("../../src/dialog/ElicitationDialog");
    const onResponse = vi.fn();
    const user = userEvent.setup();
    render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} />);
    await waitFor(() => expect(compile).toHaveBeenCalledTimes(1));

    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { name: "Ada", email: "ada@example.com" } }));
    expect(compile).toHaveBeenCalledTimes(1);
    setValidationEngine("auto");
  });

  it("the queue admits requests in arrival order while it loads the pattern engine", async () => {
    const { createElicitationQueue } = await import("../../src/host/createElicitationQueue");
    const queue = createElicitationQueue();
    void queue.request({ serverName: "a", params: githubUsername });
    void queue.request({ serverName: "b", params: bankTransfer });
    void queue.request({ serverName: "c", params: contactInfo });
    const refused = queue.request({
      serverName: "d",
      params: { message: "x", requestedSchema: { type: "object", properties: { p: { type: "string", pattern: "(a)\\1" } } } },
    });
    // The first is admitted at once; the one with a pattern, and every one after it, once the engine is loaded.
    expect(queue.getSnapshot().entries.map((entry) => entry.serverName)).toEqual(["a"]);
    await expect(refused).rejects.toMatchObject({ code: -32602, path: "requestedSchema.properties.p.pattern" });
    expect(queue.getSnapshot().entries.map((entry) => entry.serverName)).toEqual(["a", "b", "c"]);
    // Loaded now: admitted synchronously again.
    await act(async () => {
      void queue.request({ serverName: "e", params: bankTransfer });
    });
    expect(queue.getSnapshot().entries.map((entry) => entry.serverName)).toEqual(["a", "b", "c", "e"]);
    queue.close();
  });
});
