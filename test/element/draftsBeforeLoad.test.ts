// The element's drafts before the chunk that draws is loaded: no form of the page has kept anything yet,
// so what the relay and clearDrafts() ask concerns what earlier pages of the tab stored. A sign-out's
// clear removes it at once; a `ready`'s pruning loads the chunk and is done as it arrives, before any form
// could read a draft; with nothing stored, a `ready` loads nothing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { relayDraftPrefix } from "../../src/core/values/draftKeys";
import { createElicitationDraftStore } from "../../src/form/createElicitationDraftStore";
import { createElementDrafts } from "../../src/element/createElementDrafts";

const prefix = relayDraftPrefix("https://chat.example/api/elicitation");
const question = (id: string) => ({ key: `${prefix}${id}`, serverName: "GitHub", formKey: "title" });

/** What an earlier page of the tab left: a draft of each request, in sessionStorage. */
function earlierPage(...ids: string[]) {
  const store = createElicitationDraftStore({ storage: "session" });
  for (const id of ids) store.set(question(id), { title: `typed into ${id}` });
}

afterEach(() => sessionStorage.clear());

describe("the element's drafts before what draws is loaded", () => {
  it("clearDrafts() (a sign-out) removes what earlier pages of the tab stored, at once, loading nothing", () => {
    earlierPage("r1");
    const load = vi.fn();
    const drafts = createElementDrafts(load);
    drafts.clear();
    expect(sessionStorage.length).toBe(0);
    expect(load).not.toHaveBeenCalled();
    // A relay's 401 does the same.
    earlierPage("r2");
    drafts.relay.clear();
    expect(sessionStorage.length).toBe(0);
  });

  it("a ready's pruning loads what draws and is done as it arrives: another person's draft is gone before any form reads", () => {
    earlierPage("theirs", "mine");
    const load = vi.fn();
    const drafts = createElementDrafts(load);
    drafts.relay.keepOnly(prefix, new Set([`${prefix}mine`]));
    expect(load).toHaveBeenCalledOnce();
    drafts.loaded(createElicitationDraftStore);
    const session = drafts.store("session");
    expect(session.get(question("theirs"))).toBeUndefined();
    expect(session.get(question("mine"))).toEqual({ title: "typed into mine" });
    expect(sessionStorage.getItem("react-mcp-elicitation:drafts")).not.toContain("theirs");
  });

  it("with nothing stored, a ready loads nothing", () => {
    const load = vi.fn();
    createElementDrafts(load).relay.keepOnly(prefix, new Set());
    expect(load).not.toHaveBeenCalled();
  });
});
