// The dialog, forms and queue reach the validation engines (Ajv, the eval-free engine) only through
// dynamic import(), and nothing they draw waits for them. These tests start each case from a fresh
// validation runtime, with nothing loaded, and check that the results are the ones of the synchronous API.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createValidationRuntime, type ValidationRuntime } from "../../../src/core/validation/validationRuntime";
import { ElicitationDialog } from "../../../src/dialog/ElicitationDialog";
import { ElicitationForm } from "../../../src/form/ElicitationForm";
import { ValidationRuntimeContext } from "../../../src/form/ValidationRuntimeContext";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { parseElicitationSchema } from "../../../src/core/request/parseElicitationSchema";
import type { ElicitParams } from "../../../src/core/types";
import { validateElicitationContent } from "../../../src/core/validation/validateElicitationContent";
import { loadContentCheck } from "../../../src/core/loading/loadValidation";
import { bankTransfer, contactInfo, githubUsername } from "../../fixtures/seedRequests";

const src = join(import.meta.dirname, "../../../src");

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

const HEAVY_PACKAGES = /^(ajv|ajv-formats|@cfworker\/json-schema)($|\/)/;
const SYNC_MODULES = /\/core\/validation\/(engines\/ajvEngine|engines\/compileAjvValidator|engines\/evalFreeValidator|compileContentValidator|validateElicitationContent|validateFormValues|createValuesCheck|checkContent|checkContentSync|checkPatterns|validationRuntime)\.ts$/;

const patterned = (pattern: string, extra: Record<string, unknown> = {}) =>
  ({ message: "Code?", requestedSchema: { type: "object", properties: { code: { type: "string", pattern, ...extra } } } }) as ElicitParams;

describe("what the UI imports statically", () => {
  it.each(["dialog/ElicitationDialog.tsx", "form/ElicitationForm.tsx", "host/ElicitationOutlet.tsx", "client/queue/createElicitationQueue.ts"])(
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
  it("the check can fail: the core entry, which validates synchronously, does reach those modules", () => {
    const files = [...staticGraph(join(src, "core/index.ts")).keys()];
    expect(files.filter((file) => SYNC_MODULES.test(file)).length).toBeGreaterThanOrEqual(4);
  });
});

/** Renders under a validation runtime of its own: nothing loaded, nothing compiled, whatever other tests did. */
function renderFresh(ui: ReactElement, runtime: ValidationRuntime = createValidationRuntime()) {
  return render(<ValidationRuntimeContext.Provider value={runtime}>{ui}</ValidationRuntimeContext.Provider>);
}

describe("loading on demand", () => {

  it.each(["ajv", "eval-free"] as const)("validates with the loaded %s engine exactly as validateElicitationContent", async (engine) => {
    // A runtime of its own: nothing loaded, nothing compiled, whatever other tests did.
    const runtime = createValidationRuntime();
    const parse = parseElicitationSchema;
    const lookahead = { type: "object", properties: { code: { type: "string", pattern: "^(?=.*[0-9])[a-z0-9]{8,}$" } } };
    for (const [schema, contents] of [
      [
        bankTransfer.requestedSchema,
        [
          { amount: 10, recipient_account: "0123456789" },
          { amount: 10, recipient_account: "12345" },
          { recipient_account: "x".repeat(20), priority: "none", extra: true },
          "not an object",
        ],
      ],
      [lookahead, [{ code: "abcdefg1" }, { code: "abcdefgh" }, { code: "ab1" }, {}]],
    ] as const) {
      const parsed = parse(schema);
      if (!parsed.ok) throw new Error("schema did not parse");
      const validate = await loadContentCheck(runtime, parsed.schema, { engine });
      for (const content of contents) {
        expect(await validate(content)).toEqual({ ...validateElicitationContent(schema, content, { engine }), leftToServer: [] });
      }
    }
  });

  it("the dialog draws a form with a pattern on its first render, before any chunk has arrived", async () => {
    renderFresh(<ElicitationDialog serverName="Bank" request={bankTransfer} onResponse={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: /Bank/ })).toHaveAttribute("data-mode", "form");
    expect(screen.getByRole("textbox", { name: /Recipient account/ })).toBeInTheDocument();
  });

  it("a default the pattern refuses is drawn and flagged by the form, not refused with the request", async () => {
    const onInvalidRequest = vi.fn();
    const onResponse = vi.fn();
    const user = userEvent.setup();
    renderFresh(
      <ElicitationDialog serverName="S" request={patterned("^[0-9]+$", { default: "abc" })} onResponse={onResponse} onInvalidRequest={onInvalidRequest} />,
    );
    const code = screen.getByRole("textbox", { name: /Code/ });
    expect(code).toHaveValue("abc");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Doesn.t match the expected format$/));
    expect(onInvalidRequest).not.toHaveBeenCalled();
    expect(onResponse).not.toHaveBeenCalled();
  });

  it("a first submit before any engine is loaded shows the same errors, focuses the first invalid field, answers once", async () => {
    const onResponse = vi.fn();
    const user = userEvent.setup();
    renderFresh(<ElicitationDialog serverName="Bank" request={bankTransfer} onResponse={onResponse} />);
    const account = await screen.findByRole("textbox", { name: /Recipient account/ });
    const amount = screen.getByRole("spinbutton", { name: /Amount/ });
    // Submit at once: the engines the form started loading as it mounted are not there yet.
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAccessibleDescription(/This field is required$/);
    expect(account).toHaveAccessibleDescription(/This field is required$/);
    await user.type(account, "12345");
    await waitFor(() => expect(account).toHaveAccessibleDescription(/Doesn.t match the expected format$/));
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
    const compile = vi.spyOn(Object.getPrototypeOf(Ajv2020.prototype) as typeof Ajv2020.prototype, "compile") // Ajv's core class, which every Ajv compiles with;
    const runtime = createValidationRuntime();
    runtime.engine.set("ajv");
    const onResponse = vi.fn();
    const user = userEvent.setup();
    renderFresh(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} />, runtime);
    await waitFor(() => expect(compile).toHaveBeenCalledTimes(1));

    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { name: "Ada", email: "ada@example.com" } }));
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("the queue admits every request at once and in arrival order, patterns of every kind included", async () => {
    const queue = createElicitationQueue({ rateLimit: false });
    void queue.request({ serverName: "a", params: githubUsername });
    void queue.request({ serverName: "b", params: bankTransfer });
    void queue.request({ serverName: "c", params: patterned("^(?=.*[0-9])[a-z0-9]{8,}$") });
    void queue.request({ serverName: "d", params: patterned("^(a)\\1$") });
    void queue.request({ serverName: "e", params: patterned("(?<=x)\\p{Script=Latin}+") });
    const refused = queue.request({ serverName: "f", params: patterned("([a-z]") });
    void queue.request({ serverName: "g", params: contactInfo });
    expect(queue.getSnapshot().entries.map((entry) => entry.serverName)).toEqual(["a", "b", "c", "d", "e", "g"]);
    await expect(refused).rejects.toMatchObject({ code: -32602, path: "requestedSchema.properties.code.pattern" });
    queue.close();
  });

});

/** A page whose policy refuses every worker (a strict CSP): starting one throws, as Chromium does. */
function refuseWorkers() {
  vi.stubGlobal(
    "Worker",
    class {
      constructor() {
        throw new DOMException("Refused to create a worker", "SecurityError");
      }
    },
  );
}

// A runtime's pattern tester keeps its state for the page (a worker the policy refused stays
// refused): each case draws under a runtime of its own, made after workers are refused.
describe("patterns where no worker may start", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("where no worker may start (a strict CSP), a pattern RE2 can read is still checked: nothing invalid is sent", async () => {
    refuseWorkers();
    const onResponse = vi.fn();
    const user = userEvent.setup();
    renderFresh(<ElicitationDialog serverName="Bank" request={patterned("^[0-9]+$")} onResponse={onResponse} />);
    const code = screen.getByRole("textbox", { name: /Code/ });
    await user.type(code, "abc");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Doesn't match the expected format")).toBeInTheDocument();
    expect(onResponse).not.toHaveBeenCalled();
    expect(screen.queryByRole("note")).toBeNull();
    await user.clear(code);
    await user.type(code, "123");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { code: "123" } }));
  });

  it("the note names, as the form is drawn, the field whose pattern no path can check here", async () => {
    refuseWorkers();
    // Lookahead: RE2 has no exact equivalent, and no worker may run the native engine here.
    const schema = { type: "object", properties: { code: { type: "string", title: "Code", pattern: "^(?=.*[0-9])[a-z0-9]+$" }, name: { type: "string" } } };
    renderFresh(<ElicitationForm schema={schema} onSubmit={vi.fn()} />);
    expect(await screen.findByRole("note")).toHaveTextContent("The format of “Code” will be checked by the server when you submit.");
  });

  it("one question at a time says it beside the step whose pattern no path can check here, before anything is typed", async () => {
    refuseWorkers();
    const request = {
      message: "Your code",
      requestedSchema: { type: "object" as const, properties: { code: { type: "string" as const, title: "Code", pattern: "^(?=.*[0-9])[a-z0-9]+$" } } },
    };
    renderFresh(<ElicitationDialog serverName="Bank" request={request} onResponse={vi.fn()} layout="steps" />);
    expect(await screen.findByRole("note")).toHaveTextContent("The format of “Code” will be checked by the server when you submit.");
    expect(screen.getByTestId("rme-step-progress")).toHaveTextContent("1 of 1");
  });
});

describe("the parser needs no engine", () => {
  it("accepts every pattern the server's validator accepts and refuses only invalid ones", () => {
    for (const pattern of ["^(?=.*[0-9])[a-z0-9]{8,}$", "(?<!x)y", "^(a)\\1$", "^\\p{Script=Latin}+$", "^\\p{ASCII}*$", "[\\b]", "\\uD83D\\uDE00", "^[\\S ]+$", "^(a+)+$"]) {
      expect(parseElicitationSchema(patterned(pattern).requestedSchema)).toMatchObject({ ok: true });
    }
    expect(parseElicitationSchema(patterned("\\-").requestedSchema)).toMatchObject({
      ok: false,
      error: { path: "requestedSchema.properties.code.pattern", reason: "must be a valid regular expression" },
    });
  });
});
