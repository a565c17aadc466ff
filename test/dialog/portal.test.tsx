import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { githubUsernameTitled } from "../fixtures/seedRequests";
import { renderDialog } from "../renderDialog";

describe("where the dialog is drawn", () => {
  it("into document.body, outside the host's own markup", () => {
    const { container } = renderDialog(githubUsernameTitled);
    const dialog = screen.getByRole("dialog");
    expect(dialog.parentElement).toBe(document.body);
    expect(container.contains(dialog)).toBe(false);
  });

  it("into the container the host names", () => {
    const layer = document.body.appendChild(document.createElement("div"));
    renderDialog(githubUsernameTitled, { container: layer });
    expect(screen.getByRole("dialog").parentElement).toBe(layer);
    layer.remove();
  });

  it("the outlet passes the container on", () => {
    const layer = document.body.appendChild(document.createElement("section"));
    const queue = createElicitationQueue();
    void queue.request({ serverName: "Acme", params: githubUsernameTitled });
    render(<ElicitationOutlet queue={queue} container={layer} />);
    expect(layer.querySelector("dialog")).toBe(screen.getByRole("dialog"));
    layer.remove();
  });

  it("a submit inside the dialog does not reach a host form around it", async () => {
    const hostSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onResponse = vi.fn();
    render(
      <form onSubmit={hostSubmit}>
        <ElicitationDialog serverName="Acme" request={githubUsernameTitled} onResponse={onResponse} />
      </form>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/GitHub Username/), "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { username: "octocat" } });
    expect(hostSubmit).not.toHaveBeenCalled();
  });

  it("a server-rendered page hydrates without a mismatch, and the dialog appears once the page is live", async () => {
    const app = (
      <StrictMode>
        <main>
          <h1>Chat</h1>
          <ElicitationDialog serverName="Acme" request={githubUsernameTitled} onResponse={() => {}} />
        </main>
      </StrictMode>
    );
    const html = renderToString(app);
    expect(html).not.toContain("dialog");
    const root = document.body.appendChild(document.createElement("div"));
    root.innerHTML = html;
    const printed = vi.spyOn(console, "error");
    const recoverable = vi.fn();
    let hydrated: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      hydrated = hydrateRoot(root, app, { onRecoverableError: recoverable });
    });
    await waitFor(() => expect(screen.getByRole("dialog", { name: /Acme/ })).toBeInTheDocument());
    expect(printed).not.toHaveBeenCalled();
    expect(recoverable).not.toHaveBeenCalled();
    act(() => hydrated?.unmount());
    root.remove();
  });
});
