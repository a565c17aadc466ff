// The relay connection as a React hook, and the page's life: under StrictMode (every render here) the
// hook leaves exactly one stream, closes it on unmount; the page going away (`pagehide`) takes the
// cards away unanswered with what was typed kept as a draft, and the back/forward cache bringing the
// page back (`pageshow`, persisted) opens the stream again with the card and its draft.
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Component, useState, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createElicitationDraftStore } from "../../../src/form/createElicitationDraftStore";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../../src/host/ElicitationOutlet";
import { useElicitationRelay } from "../../../src/host/useElicitationRelay";
import type { ElicitationRelayError } from "../../../src/client/relay/ElicitationRelayError";
import type { ElicitationRelayRequest } from "../../../src/core/relay/readRelayEvent";
import { githubUsernameTitled } from "../../fixtures/seedRequests";
import { startWireServer, type WireServer } from "../../client/relay/wireServer";

let server: WireServer;

beforeEach(async () => {
  server = await startWireServer({ cors: true });
});
afterEach(async () => {
  await server.stop();
  sessionStorage.clear();
});

interface PageProps {
  url: string;
  filter?: (request: ElicitationRelayRequest) => boolean;
  onError?: (error: ElicitationRelayError) => void;
}

/** A host page: one queue and one draft store for its life, the relay through the hook, an inline outlet. */
function Page({ url, filter, onError }: PageProps) {
  const [queue] = useState(() => createElicitationQueue());
  const [drafts] = useState(() => createElicitationDraftStore({ storage: "session" }));
  useElicitationRelay({ url, queue, filter, onError });
  return <ElicitationOutlet queue={queue} presentation="inline" drafts={drafts} protectionInterval={0} />;
}

const card = () => screen.queryByRole("region", { name: /GitHub/ });
const pageTransition = (type: "pagehide" | "pageshow", persisted: boolean) => act(() => void window.dispatchEvent(Object.assign(new Event(type), { persisted })));

describe("useElicitationRelay", () => {
  it("under StrictMode leaves one stream, draws the relay's requests and closes the stream on unmount (the relay keeps the request)", async () => {
    const view = render(<Page url={server.url} />);
    await waitFor(() => expect(server.streamCount()).toBe(1));
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await waitFor(() => expect(card()).not.toBeNull());
    // Still one a moment later: StrictMode's first mount left nothing open behind.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(server.streamCount()).toBe(1);
    expect(screen.getAllByRole("region")).toHaveLength(1);

    view.unmount();
    await waitFor(() => expect(server.streamCount()).toBe(0));
    expect(server.posts).toEqual([]);
    render(<Page url={server.url} />);
    await waitFor(() => expect(card()).not.toBeNull());
  });

  it("uses the latest filter and onError without opening another stream", async () => {
    const errors: string[] = [];
    const view = render(<Page url={server.url} filter={(request) => request.context?.chatId === "a"} onError={() => errors.push("first")} />);
    await waitFor(() => expect(server.streamCount()).toBe(1));
    const opened = server.lastEventIds.length;
    view.rerender(<Page url={server.url} filter={(request) => request.context?.chatId === "b"} onError={(error) => errors.push(error.code)} />);
    server.request({ serverName: "GitHub", params: githubUsernameTitled, context: { chatId: "a" } });
    server.request({ serverName: "GitHub", params: { ...githubUsernameTitled, message: "For chat b" }, context: { chatId: "b" } });
    await waitFor(() => expect(screen.getByText("For chat b")).toBeVisible());
    expect(screen.getAllByRole("region")).toHaveLength(1);
    server.sendRaw("event: request\ndata: {not json\n\n");
    await waitFor(() => expect(errors).toEqual(["malformed-event"]));
    expect(server.lastEventIds.length).toBe(opened);
  });

  it("the page going away takes the card away unanswered, keeping what was typed; back from the back/forward cache, both return", async () => {
    const user = userEvent.setup();
    render(<Page url={server.url} />);
    await waitFor(() => expect(server.streamCount()).toBe(1));
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await user.type(await screen.findByLabelText(/GitHub Username/), "octo");

    pageTransition("pagehide", true);
    expect(card()).toBeNull();
    await waitFor(() => expect(server.streamCount()).toBe(0));
    expect(server.posts).toEqual([]);
    expect(sessionStorage.getItem("react-mcp-elicitation:drafts")).toContain("octo");

    // A pageshow that is not a return from the cache (the first load) opens nothing.
    pageTransition("pageshow", false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(server.streamCount()).toBe(0);

    pageTransition("pageshow", true);
    await waitFor(() => expect(server.streamCount()).toBe(1));
    expect(await screen.findByLabelText(/GitHub Username/)).toHaveValue("octo");
  });

  it("after unmount, the page's transitions open nothing", async () => {
    const view = render(<Page url={server.url} />);
    await waitFor(() => expect(server.streamCount()).toBe(1));
    view.unmount();
    await waitFor(() => expect(server.streamCount()).toBe(0));
    pageTransition("pagehide", true);
    pageTransition("pageshow", true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(server.streamCount()).toBe(0);
  });

  it("a url that is not http: or https: throws a TypeError naming url to the host's error boundary; nothing is fetched", async () => {
    const caught: unknown[] = [];
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError = () => ({ failed: true });
      override componentDidCatch = (error: unknown) => void caught.push(error);
      override render = () => (this.state.failed ? <p>The chat could not reach its server.</p> : this.props.children);
    }
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      render(
        <Boundary>
          <Page url={`data:text/event-stream,${encodeURIComponent("event: ready\ndata: {}\n\n")}`} />
        </Boundary>,
      );
      await screen.findByText("The chat could not reach its server.");
    } finally {
      quiet.mockRestore();
    }
    expect(caught[0]).toBeInstanceOf(TypeError);
    expect((caught[0] as Error).message).toMatch(/^url="data:text\/event-stream,.*" is a data: URL; a relay is reached over http: or https: only$/);
    expect(server.streamCount()).toBe(0);
  });
});
