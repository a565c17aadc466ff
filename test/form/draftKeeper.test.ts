// The draft store's keeper: what a form tells the store about one question as the person types and when
// the question ends. Written to sessionStorage once typing pauses (a burst of keys is one write), at least
// every DRAFT_SAVE_MAX_WAIT_MS while it goes on, at once when the form leaves the page; never after the
// question was answered, and never back after a sign-out.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FieldDescriptor, FormValues } from "../../src/core/types";
import { relayDraftPrefix } from "../../src/core/values/draftKeys";
import { createElicitationDraftStore, DRAFT_SAVE_DELAY_MS, DRAFT_SAVE_MAX_WAIT_MS } from "../../src/form/createElicitationDraftStore";

const KEY = "react-mcp-elicitation:drafts";
const fields = [{ key: "username", index: 0, kind: "text", label: "Username", required: false }] as unknown as FieldDescriptor[];
const question = { key: `${relayDraftPrefix("/api/elicitation")}r1`, serverName: "GitHub", formKey: "form" };

/** A form whose value is `current`, as the keeper reads it. */
let current: FormValues = { f0: "" };
const read = () => current;
const stored = () => sessionStorage.getItem(KEY) ?? "";

beforeEach(() => {
  vi.useFakeTimers();
  current = { f0: "" };
});
afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe("the draft store's keeper", () => {
  it("keeps each change in memory at once and writes a burst of keys once, when typing pauses", () => {
    const writes = vi.spyOn(Storage.prototype, "setItem");
    const store = createElicitationDraftStore({ storage: "session" });
    const keeper = store.keeper(question, fields);
    for (const text of ["o", "oc", "oct"]) {
      current = { f0: text };
      keeper.typed(read);
      vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS / 3);
    }
    expect(store.get(question)).toEqual({ f0: "oct" });
    expect(writes).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
    expect(writes).toHaveBeenCalledTimes(1);
    expect(stored()).toContain("oct");
    writes.mockRestore();
  });

  it("writes at least every DRAFT_SAVE_MAX_WAIT_MS while the person keeps typing", () => {
    const store = createElicitationDraftStore({ storage: "session" });
    const keeper = store.keeper(question, fields);
    for (let i = 1; i * 100 <= DRAFT_SAVE_MAX_WAIT_MS; i++) {
      current = { f0: "x".repeat(i) };
      keeper.typed(read);
      vi.advanceTimersByTime(100);
    }
    expect(stored()).toContain("x".repeat(DRAFT_SAVE_MAX_WAIT_MS / 100 - 1));
  });

  it("writes at once when the form leaves the page, and a draft forgotten meanwhile (a sign-out) stays forgotten", () => {
    const store = createElicitationDraftStore({ storage: "session" });
    const keeper = store.keeper(question, fields);
    current = { f0: "octocat" };
    keeper.typed(read);
    keeper.leave();
    expect(stored()).toContain("octocat");

    const again = store.keeper(question, fields);
    again.typed(read);
    store.clear();
    again.leave();
    vi.runAllTimers();
    expect(stored()).toBe("");
    expect(store.get(question)).toBeUndefined();
  });

  it("forgets the draft when the values are back to the form's own", () => {
    const store = createElicitationDraftStore({ storage: "session" });
    const keeper = store.keeper(question, fields);
    current = { f0: "octocat" };
    keeper.typed(read);
    vi.runAllTimers();
    current = { f0: "" };
    keeper.typed(read);
    expect(store.get(question)).toBeUndefined();
    expect(stored()).toBe("");
  });

  it("keeps nothing once the question was answered, not even a change that follows", () => {
    const store = createElicitationDraftStore({ storage: "session" });
    const keeper = store.keeper(question, fields);
    current = { f0: "octocat" };
    keeper.typed(read);
    keeper.settle("answered");
    // The form emptied after the answer, or a late event: not a draft.
    current = { f0: "late" };
    keeper.typed(read);
    keeper.leave();
    vi.runAllTimers();
    expect(store.get(question)).toBeUndefined();
    expect(stored()).toBe("");
  });

  it("keeps a question left unanswered (withdrawn) as its draft; a question without its own key keeps none", () => {
    const store = createElicitationDraftStore({ storage: "session" });
    store.keeper(question, fields).settle("left", { f0: "octocat" });
    expect(store.get(question)).toEqual({ f0: "octocat" });
    const keyless = { ...question, key: "" };
    const keeper = store.keeper(keyless, fields);
    keeper.typed(() => ({ f0: "typed" }));
    keeper.settle("left", { f0: "typed" });
    expect(store.get(keyless)).toBeUndefined();
  });
});
