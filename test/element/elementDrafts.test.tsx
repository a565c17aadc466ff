// <mcp-elicitation-outlet>'s drafts, against a relay speaking the wire over real HTTP: a navigation
// that takes the element out of the page and puts a new one in (a SvelteKit or Vue route change)
// brings back what was typed into the same question, with no attribute needed; another question of the
// same form starts empty; `clearDrafts()` (sign-out) forgets every draft of the page and the tab.
import { waitFor } from "@testing-library/dom";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import "../../src/element/index";
import type { ElicitationOutletElement } from "../../src/element/index";
import { DRAFT_SAVE_DELAY_MS } from "../../src/form/createElicitationDraftStore";
import { startWireServer, type WireServer } from "../client/relay/wireServer";
import { githubUsernameTitled } from "../fixtures/seedRequests";
import { loadOutletView } from "../../src/element/loadOutletView";

// What draws comes in a chunk loaded with the first request (a browser fetches it when idle, e2e/element/);
// loaded once here, so the first test's waits do not include transforming React.
beforeAll(() => loadOutletView(), 60_000);

let server: WireServer;

beforeEach(async () => {
  server = await startWireServer({ cors: true });
});
afterEach(async () => {
  document.body.replaceChildren();
  await server.stop();
  sessionStorage.clear();
});

function place(attributes: Record<string, string> = {}): ElicitationOutletElement {
  const outlet = document.createElement("mcp-elicitation-outlet");
  outlet.setAttribute("relay-url", server.url);
  outlet.setAttribute("presentation", "inline");
  for (const [name, value] of Object.entries(attributes)) outlet.setAttribute(name, value);
  document.body.append(outlet);
  return outlet;
}

const field = (outlet: Element) => waitFor(() => outlet.querySelector<HTMLInputElement>("input[type=text]") ?? Promise.reject(new Error("no field yet")));
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("<mcp-elicitation-outlet> drafts", () => {
  it("a route change (the element removed, a new one placed later) brings back what was typed into the same question", async () => {
    const user = userEvent.setup();
    const outlet = place();
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await user.type(await field(outlet), "octo");
    outlet.remove();
    // The other route: the connection is let go, the relay keeps the question.
    await waitFor(() => expect(server.streamCount()).toBe(0));

    const back = place();
    expect((await field(back)).value).toBe("octo");
    // Another question of the same form, in the same page, starts empty.
    back.setAttribute("filter-context", "chatId=b");
    server.request({ serverName: "GitHub", params: githubUsernameTitled, context: { chatId: "b" } });
    // Drawn in place of the first (filtered out now): its field is another input, and empty.
    await waitFor(async () => expect((await field(back)).value).toBe(""));
  });

  it('drafts="session" keeps it across a reload; clearDrafts() (sign-out) forgets it, in the tab too', async () => {
    const user = userEvent.setup();
    const outlet = place({ drafts: "session" });
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await user.type(await field(outlet), "12 Private Lane");
    await settle(DRAFT_SAVE_DELAY_MS + 50);
    expect(sessionStorage.getItem("react-mcp-elicitation:drafts")).toContain("12 Private Lane");

    outlet.clearDrafts();
    expect(sessionStorage.getItem("react-mcp-elicitation:drafts")).toBeNull();
    outlet.remove();
    await waitFor(() => expect(server.streamCount()).toBe(0));
    const back = place({ drafts: "session" });
    expect((await field(back)).value).toBe("");
  });
});
