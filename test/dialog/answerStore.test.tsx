import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { extractSnippets } from "../../scripts/readmeSnippets.mjs";
import { fileInputs } from "../../src/core/request/fileInputs";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import type { ElicitResult, ParsedElicitationSchema } from "../../src/core/types";
import { createElicitationAnswerStore, type ElicitationAnswerRecord } from "../../src/form/createElicitationAnswerStore";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { contactInfo } from "../fixtures/seedRequests";

const login = {
  message: "Sign in to the registry",
  requestedSchema: {
    type: "object",
    properties: { user: { type: "string", title: "User name" }, password: { type: "string", title: "Password" } },
  },
} as const;

function ask(answers: ReturnType<typeof createElicitationAnswerStore>, request: object = contactInfo, serverName = "CRM") {
  const onResponse = vi.fn<(result: ElicitResult) => void>();
  const view = render(<ElicitationDialog serverName={serverName} request={request as never} onResponse={onResponse} answers={answers} />);
  return { onResponse, unmount: view.unmount };
}

describe("answer again", () => {
  it("the same server asking the same form again offers “Use my last answer”, which fills the form and sends nothing", async () => {
    const user = userEvent.setup();
    const answers = createElicitationAnswerStore();
    const first = ask(answers);
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
    await user.type(screen.getByLabelText(/^Name/), "Ada Lovelace");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(first.onResponse).toHaveBeenCalledTimes(1);
    first.unmount();

    const second = ask(answers);
    expect(screen.getByLabelText(/^Name/)).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Use my last answer" }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue("Ada Lovelace");
    expect(screen.getByLabelText(/^Email/)).toHaveValue("ada@example.com");
    expect(second.onResponse).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
  });

  it("is offered in the same chat only (`context`), unless the store says any-context", async () => {
    const user = userEvent.setup();
    const askIn = (answers: ReturnType<typeof createElicitationAnswerStore>, chatId: string) =>
      render(<ElicitationDialog serverName="CRM" request={contactInfo as never} onResponse={vi.fn()} answers={answers} context={{ chatId }} />);
    for (const offer of ["same-context", "any-context"] as const) {
      const answers = offer === "same-context" ? createElicitationAnswerStore() : createElicitationAnswerStore({ offer });
      const first = askIn(answers, "a");
      await user.type(screen.getByLabelText(/^Name/), "Ada Lovelace");
      await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
      await user.click(screen.getByRole("button", { name: "Submit" }));
      first.unmount();
      const otherChat = askIn(answers, "b");
      expect(screen.queryByRole("button", { name: "Use my last answer" }) !== null).toBe(offer === "any-context");
      otherChat.unmount();
      const sameChat = askIn(answers, "a");
      expect(screen.getByRole("button", { name: "Use my last answer" })).toBeVisible();
      sameChat.unmount();
    }
    expect(() => createElicitationAnswerStore({ offer: "everywhere" as never })).toThrow(/offer must be "same-context" or "any-context" \(got "everywhere"\)/);
  });

  it("one question at a time offers the last answer too, and it fills the steps without sending", async () => {
    const user = userEvent.setup();
    const answers = createElicitationAnswerStore();
    const first = ask(answers);
    await user.type(screen.getByLabelText(/^Name/), "Ada Lovelace");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    first.unmount();

    const onResponse = vi.fn();
    render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} answers={answers} layout="steps" />);
    await user.click(await screen.findByRole("button", { name: "Use my last answer" }));
    expect(await screen.findByLabelText(/^Name/)).toHaveValue("Ada Lovelace");
    expect(onResponse).not.toHaveBeenCalled();
  });

  it("is not offered to another server, for another message, or after a cancel", async () => {
    const user = userEvent.setup();
    const answers = createElicitationAnswerStore();
    const first = ask(answers);
    await user.type(screen.getByLabelText(/^Name/), "Ada");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    first.unmount();
    const afterCancel = ask(answers);
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
    await user.type(screen.getByLabelText(/^Name/), "Ada");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    afterCancel.unmount();

    render(<ElicitationDialog serverName="Other server" request={contactInfo} onResponse={() => {}} answers={answers} />);
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
    render(<ElicitationDialog serverName="CRM" request={{ ...contactInfo, message: "Something else" }} onResponse={() => {}} answers={answers} />);
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
  });

  it("never keeps a field flagged sensitive", async () => {
    const user = userEvent.setup();
    let saved = "";
    const answers = createElicitationAnswerStore({ storage: { load: () => [], save: (records) => void (saved = JSON.stringify(records)) } });
    const first = ask(answers, login, "Registry");
    await user.type(screen.getByLabelText(/User name/), "ada");
    await user.type(screen.getByLabelText(/Password/), "hunter2");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(first.onResponse).toHaveBeenCalledWith({ action: "accept", content: { user: "ada", password: "hunter2" } });
    first.unmount();
    ask(answers, login, "Registry");
    await user.click(screen.getByRole("button", { name: "Use my last answer" }));
    expect(screen.getByLabelText(/User name/)).toHaveValue("ada");
    expect(screen.getByLabelText(/Password/)).toHaveValue("");
    expect(saved).toContain("ada");
    expect(saved).not.toContain("hunter2");
  });

  it("“Stop asking” forgets that server's answers", async () => {
    const user = userEvent.setup();
    const answers = createElicitationAnswerStore();
    const queue = createElicitationQueue();
    render(<ElicitationOutlet queue={queue} answers={answers} />);
    act(() => void queue.request({ serverName: "CRM", params: contactInfo }));
    await user.type(screen.getByLabelText(/^Name/), "Ada");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(answers.size).toBe(1);
    // Two wait, so "Stop asking" does more than Cancel and is offered.
    act(() => void queue.request({ serverName: "CRM", params: contactInfo }));
    act(() => void queue.request({ serverName: "CRM", params: contactInfo }));
    expect(screen.getByRole("button", { name: "Use my last answer" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Stop asking" }));
    expect(answers.size).toBe(0);
    act(() => void queue.request({ serverName: "CRM", params: contactInfo }));
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
    queue.close();
  });

  it("a host can persist answers through load and save", async () => {
    const user = userEvent.setup();
    let saved: readonly ElicitationAnswerRecord[] = [];
    const storage = { load: () => saved, save: (records: readonly ElicitationAnswerRecord[]) => void (saved = JSON.parse(JSON.stringify(records))) };
    const first = ask(createElicitationAnswerStore({ storage }));
    await user.type(screen.getByLabelText(/^Name/), "Ada");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    first.unmount();
    expect(saved).toHaveLength(1);
    // A new page: a new store, loaded from what was saved.
    ask(createElicitationAnswerStore({ storage }));
    await user.click(screen.getByRole("button", { name: "Use my last answer" }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue("Ada");
  });
});

/** The docs' `localStorage` recipe (docs/queue.md) as it stands, as a function of the signed-in person. */
async function readmeStorageRecipe(): Promise<(userId: string) => ReturnType<typeof createElicitationAnswerStore>> {
  const readme = readFileSync(join(import.meta.dirname, "../../docs/queue.md"), "utf8");
  const snippet = extractSnippets(readme).find((each) => each.code.includes("localStorage.setItem"));
  if (!snippet) throw new Error("docs/queue.md: no snippet keeps answers in localStorage");
  const lines = snippet.code.replace('from "react-mcp-elicitation"', `from ${JSON.stringify(join(import.meta.dirname, "../../src/index"))}`).split("\n");
  const imports = lines.filter((line) => line.startsWith("import "));
  const dir = join(import.meta.dirname, "../readme/snippets");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `run-README-${snippet.line}-${randomUUID()}.ts`);
  writeFileSync(file, [...imports, "export function recipe(userId: string) {", ...lines.filter((line) => !imports.includes(line)), "  return answers;", "}", ""].join("\n"));
  cleanups.push(() => rmSync(file, { force: true }));
  return ((await import(/* @vite-ignore */ file)) as { recipe: (userId: string) => ReturnType<typeof createElicitationAnswerStore> }).recipe;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.unstubAllGlobals();
});

const parsed = (requestedSchema: object, options?: Parameters<typeof parseElicitationSchema>[1]): ParsedElicitationSchema => {
  const result = parseElicitationSchema(requestedSchema, options);
  if (!result.ok) throw result.error;
  return result.schema;
};

describe("a host's storage that fails", () => {
  it("the docs' recipe on a full localStorage: the answer reaches the queue, the next request shows and answers", async () => {
    const user = userEvent.setup();
    const setItem = vi.fn(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    vi.stubGlobal("localStorage", { getItem: () => null, setItem });
    const answers = (await readmeStorageRecipe())("ada");
    const queue = createElicitationQueue();
    render(<ElicitationOutlet queue={queue} answers={answers} />);
    let first: Promise<ElicitResult> | undefined;
    let second: Promise<ElicitResult> | undefined;
    act(() => {
      first = queue.request({ serverName: "CRM", params: contactInfo });
      second = queue.request({ serverName: "Deploy Bot", params: contactInfo });
    });
    await user.type(screen.getByLabelText(/^Name/), "Ada");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await expect(first).resolves.toEqual({ action: "accept", content: { name: "Ada", email: "ada@example.com" } });
    expect(setItem).toHaveBeenCalled();
    // The next server's request is shown, and its Cancel answers it.
    const next = await screen.findByRole("dialog", { name: /Deploy Bot/ });
    await user.click(within(next).getByRole("button", { name: "Cancel" }));
    await expect(second).resolves.toEqual({ action: "cancel" });
    // What could not be stored is still offered on this page, and "Stop asking" (which forgets it) answers.
    let third: Promise<ElicitResult> | undefined;
    let fourth: Promise<ElicitResult> | undefined;
    act(() => void (third = queue.request({ serverName: "CRM", params: contactInfo })));
    act(() => void (fourth = queue.request({ serverName: "CRM", params: contactInfo })));
    expect(screen.getByRole("button", { name: "Use my last answer" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Stop asking" }));
    await expect(third).resolves.toEqual({ action: "cancel" });
    await expect(fourth).resolves.toEqual({ action: "cancel" });
    expect(answers.size).toBe(0);
    queue.close();
  });

  it("a save that rejects or never settles, and a load that throws or returns junk, cost nothing but the stored copy", async () => {
    const user = userEvent.setup();
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    cleanups.push(() => process.off("unhandledRejection", unhandled));
    const saves = [() => Promise.reject(new Error("disk full")), () => new Promise<void>(() => {})];
    for (const save of saves) {
      const onResponse = vi.fn();
      const view = render(
        <ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} answers={createElicitationAnswerStore({ storage: { load: () => [], save } })} />,
      );
      await user.type(screen.getByLabelText(/^Name/), "Ada");
      await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { name: "Ada", email: "ada@example.com" } });
      view.unmount();
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).not.toHaveBeenCalled();
    const throwing = () => {
      throw new SyntaxError("Unexpected token");
    };
    for (const load of [throwing, () => ({ not: "a list" }) as never, () => [null, 42, { serverName: "CRM" }] as never]) {
      const store = createElicitationAnswerStore({ storage: { load, save: () => {} } });
      expect(store.size).toBe(0);
    }
  });
});

describe("what is kept", () => {
  const contract = (withFile: boolean) => ({
    type: "object",
    properties: {
      document: { type: "string", format: "uri", title: "Document", ...(withFile && { "x-mcp-file": {} }) },
      note: { type: "string", title: "Note" },
    },
  });

  it("never a file: the person chooses it again, and the storage never holds its bytes", async () => {
    const user = userEvent.setup();
    let saved = "";
    const answers = createElicitationAnswerStore({ storage: { load: () => [], save: (records) => void (saved = JSON.stringify(records)) } });
    const request = { message: "Sign the contract", requestedSchema: contract(true) };
    const first = render(<ElicitationDialog serverName="Legal" request={request as never} onResponse={() => {}} answers={answers} fileInputs={fileInputs} />);
    await waitFor(() => expect(screen.getByRole("button", { name: /Document.*Choose a file/ })).toBeEnabled());
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(["SECRET"], "contract.pdf", { type: "application/pdf" }));
    await screen.findByText("contract.pdf");
    await user.type(screen.getByLabelText(/^Note/), "signed");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    first.unmount();
    expect(saved).toContain("signed");
    expect(saved).not.toContain("data:");
    expect(saved).not.toContain("U0VDUkVU");

    render(<ElicitationDialog serverName="Legal" request={request as never} onResponse={() => {}} answers={answers} fileInputs={fileInputs} />);
    await user.click(screen.getByRole("button", { name: "Use my last answer" }));
    expect(screen.getByLabelText(/^Note/)).toHaveValue("signed");
    expect(screen.queryByText("contract.pdf")).toBeNull();
  });

  it("a file field and a URL field with the same key and title are different forms: the file's answer is never offered to the URL field", () => {
    const answers = createElicitationAnswerStore();
    const message = "Sign the contract";
    const file = parsed(contract(true), { fileInputs });
    const url = parsed(contract(false), { fileInputs });
    expect(file.jsonSchema).toEqual(url.jsonSchema);
    expect(file.formKey).not.toBe(url.formKey);
    answers.set("Legal", file, message, { f0: "data:text/plain;name=notes.txt;base64,U0VDUkVU", f1: "signed" });
    expect(answers.get("Legal", file, message)).toEqual({ f1: "signed" });
    expect(answers.get("Legal", url, message)).toBeUndefined();
  });

  it("is bounded in bytes, not only in entries: the oldest go first, an answer larger than the bound alone is not kept", () => {
    let saved = "";
    const save = (records: readonly ElicitationAnswerRecord[]) => void (saved = JSON.stringify(records));
    const note = parsed({ type: "object", properties: { note: { type: "string", maxLength: 10_000 } } });
    // The default: 60 answers of 9,000 characters would be 540 KB; what is kept stays under 256 KiB.
    const answers = createElicitationAnswerStore({ storage: { load: () => [], save } });
    for (let n = 0; n < 60; n += 1) answers.set(`Server ${n}`, note, "Why?", { f0: `${n}`.padEnd(9_000, "é") });
    expect(new TextEncoder().encode(saved).length).toBeLessThanOrEqual(256 * 1024);
    expect(answers.get("Server 59", note, "Why?")?.f0).toMatch(/^59/);
    expect(answers.get("Server 0", note, "Why?")).toBeUndefined();
    // A bound of its own; an answer over it alone is not kept, and leaves the others alone.
    const small = createElicitationAnswerStore({ maxBytes: 2_000, storage: { load: () => [], save } });
    small.set("A", note, "Why?", { f0: "short" });
    small.set("B", note, "Why?", { f0: "x".repeat(5_000) });
    expect(small.get("A", note, "Why?")).toEqual({ f0: "short" });
    expect(small.get("B", note, "Why?")).toBeUndefined();
    expect(saved.length).toBeLessThan(2_000);
  });
});
