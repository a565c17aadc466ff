// The relay's refusals as the person sees them on the inline card (real HTTP to a relay speaking
// docs/relay.md on 127.0.0.1): 400 puts the relay's errors on the fields, 409 closes the card
// saying it was answered in another window.
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../../src/host/ElicitationOutlet";
import { connectElicitationRelay } from "../../../src/client/relay/connectElicitationRelay";
import { githubUsernameTitled } from "../../fixtures/seedRequests";
import { startWireServer, type WireServer, type WireServerOptions } from "../../client/relay/wireServer";

let server: WireServer;
let serverOptions: WireServerOptions = {};
let connection: { close(): void } | undefined;

beforeEach(async () => {
  // CORS: the test document (happy-dom) is of another origin than the relay's port.
  server = await startWireServer({ cors: true, onPost: (body) => serverOptions.onPost?.(body), check: (id, result) => serverOptions.check?.(id, result) ?? [] });
});
afterEach(async () => {
  connection?.close();
  connection = undefined;
  serverOptions = {};
  await server.stop();
});

async function showRequest(locale?: string) {
  const queue = createElicitationQueue();
  render(<ElicitationOutlet queue={queue} presentation="inline" protectionInterval={0} locale={locale} />);
  connection = connectElicitationRelay({ url: server.url, queue });
  await waitFor(() => expect(server.streamCount()).toBe(1));
  const id = server.request({ serverName: "GitHub", params: githubUsernameTitled });
  await waitFor(() => expect(screen.getByRole("region", { name: /GitHub/ })).toBeInTheDocument());
  return { id, user: userEvent.setup() };
}

describe("the inline card fed by a relay", () => {
  it("400 invalid-content puts the relay's error on the field, focused, and the card stays for a corrected answer", async () => {
    serverOptions.check = (_id, result) => (result.content?.username === "root" ? [{ field: "username", message: "That name is reserved" }] : []);
    const { id, user } = await showRequest();
    const field = screen.getByLabelText(/GitHub Username/);
    await user.type(field, "root");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(expect.stringContaining("That name is reserved"));
    expect(field).toHaveFocus();
    expect(field).toHaveValue("root");
    await user.clear(field);
    await user.type(field, "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: /GitHub/ })).toBeNull());
    expect(server.posts.filter((post) => post.id === id).map((post) => post.status)).toEqual([400, 200]);
  });

  it("words the relay's refusal in the person's language from its rule and params; the English message is only the fallback", async () => {
    serverOptions.check = () => [{ field: "username", code: "minLength", params: { limit: 12 }, message: "Use at least 12 characters" }];
    await showRequest("de");
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/GitHub Username/);
    await user.type(field, "octocat");
    await user.click(screen.getByRole("button", { name: /Senden|Absenden/ }));
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(expect.stringContaining("12 Zeichen"));
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining("Use at least"));
  });

  it("409 (answered in another window) closes the card saying so, after a moment", async () => {
    const { id, user } = await showRequest();
    serverOptions.onPost = () => ({ status: 409, body: { error: "already-closed", reason: "answered" } });
    await user.type(screen.getByLabelText(/GitHub Username/), "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const card = screen.getByRole("region", { name: /GitHub/ });
    await waitFor(() => expect(card.querySelector(".rme-dialog__delivery")).toHaveTextContent("Answered in another window"));
    expect(server.posts.filter((post) => post.id === id)).toHaveLength(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 2_200)));
    expect(screen.queryByRole("region", { name: /GitHub/ })).toBeNull();
  });
});
