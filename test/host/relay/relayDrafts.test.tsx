// Drafts of the relay's questions belong to the question and to its person: a host page as the docs
// show it (one queue and one draft store for the app, `useElicitationRelay` given the store, the outlet
// inside a chat view), against a relay speaking the wire over real HTTP. What was typed comes back
// after a navigation inside the app; the next person of the tab, another chat and a 401 never see it.
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createElicitationDraftStore, DRAFT_SAVE_DELAY_MS, type ElicitationDraftStore } from "../../../src/form/createElicitationDraftStore";
import { CLOSED_NOTICE_MS } from "../../../src/client/queue/ElicitationRequestClosed";
import { ElicitationOutlet } from "../../../src/host/ElicitationOutlet";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { useElicitationRelay } from "../../../src/host/useElicitationRelay";
import { githubUsernameTitled } from "../../fixtures/seedRequests";
import { startWireServer, type WireServer } from "../../client/relay/wireServer";

const KEY = "react-mcp-elicitation:drafts";
let server: WireServer;

beforeEach(async () => {
  server = await startWireServer({ cors: true });
});
afterEach(async () => {
  await server.stop();
  sessionStorage.clear();
});

interface AppProps {
  drafts: ElicitationDraftStore;
  /** The chat view is on screen (false: the person went to another view of the app, without a reload). */
  inChat?: boolean;
  /** The relay answers 401 to everything: the person signed out. */
  signedOut?: boolean;
}

/** The app: its queue, draft store and relay connection live as long as it does; the outlet only in the chat view. */
function App({ drafts, inChat = true, signedOut = false }: AppProps) {
  const [queue] = useState(() => createElicitationQueue());
  useElicitationRelay({
    url: server.url,
    queue,
    drafts,
    fetch: (input, init) => (signedOut ? Promise.resolve(new Response('{"error":"unauthenticated"}', { status: 401 })) : fetch(input, init)),
  });
  return inChat ? <ElicitationOutlet queue={queue} presentation="inline" drafts={drafts} protectionInterval={0} /> : <p>Settings</p>;
}

const username = () => screen.findByLabelText(/GitHub Username/);
const afterTyping = () => act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 50)));

describe("drafts of the relay's questions", () => {
  it("come back after a navigation inside the app (the outlet unmounted and mounted again, no reload)", async () => {
    const user = userEvent.setup();
    const drafts = createElicitationDraftStore();
    const view = render(<App drafts={drafts} />);
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await user.type(await username(), "octo");
    view.rerender(<App drafts={drafts} inChat={false} />);
    expect(screen.queryByLabelText(/GitHub Username/)).toBeNull();
    view.rerender(<App drafts={drafts} />);
    expect(await username()).toHaveValue("octo");
  });

  it("never reach the next person of the tab: A types, signs out, B signs in (a reload) and B's question of the same form is empty", async () => {
    const user = userEvent.setup();
    const first = render(<App drafts={createElicitationDraftStore({ storage: "session" })} />);
    const ada = server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await user.type(await username(), "12 Private Lane");
    await afterTyping();
    first.unmount();
    expect(sessionStorage.getItem(KEY)).toContain("12 Private Lane");

    // B is signed in: the relay holds B's questions, none of A's.
    server.forget(ada);
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    render(<App drafts={createElicitationDraftStore({ storage: "session" })} />);
    expect(await username()).toHaveValue("");
    expect(screen.queryByText(/earlier answers/)).toBeNull();
    // B's stream said which questions are B's: A's text is gone from the tab too.
    await waitFor(() => expect(sessionStorage.getItem(KEY) ?? "").not.toContain("Private Lane"));
  });

  it("are all forgotten on a 401 from the relay (signed out)", async () => {
    const user = userEvent.setup();
    const first = render(<App drafts={createElicitationDraftStore({ storage: "session" })} />);
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await user.type(await username(), "12 Private Lane");
    await afterTyping();
    first.unmount();
    expect(sessionStorage.getItem(KEY)).toContain("12 Private Lane");

    const drafts = createElicitationDraftStore({ storage: "session" });
    render(<App drafts={drafts} signedOut />);
    await waitFor(() => expect(sessionStorage.getItem(KEY)).toBeNull());
    expect(drafts.size).toBe(0);
  });

  it("never reach another chat: v7 typed, the chat stopped, the next question of the same form in a new chat is empty", async () => {
    const user = userEvent.setup();
    render(<App drafts={createElicitationDraftStore({ storage: "session" })} />);
    const stopped = server.request({ serverName: "GitHub", params: githubUsernameTitled, context: { chatId: "a" } });
    await user.type(await username(), "v7");
    await afterTyping();
    server.close(stopped, "withdrawn");
    await waitFor(() => expect(screen.queryByLabelText(/GitHub Username/)).toBeNull(), { timeout: CLOSED_NOTICE_MS + 2_000 });
    // Over: its draft is not kept for it either.
    expect(sessionStorage.getItem(KEY) ?? "").not.toContain("v7");

    server.request({ serverName: "GitHub", params: githubUsernameTitled, context: { chatId: "b" } });
    expect(await username()).toHaveValue("");
    expect(screen.queryByText(/earlier answers/)).toBeNull();
  });
});
