// "Stop asking" on <mcp-elicitation-outlet>: offered while two requests of a server wait, and never with
// stop-asking="false".
import { act, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createElicitationQueue, type ElicitationOutletElement } from "../../src/element/index";
import { loadOutletView } from "../../src/element/loadOutletView";

// What draws comes in a chunk loaded with the first request (a browser fetches it when idle, e2e/element/);
// loaded once here, so the first test's waits do not include transforming React.
beforeAll(() => loadOutletView(), 60_000);

const form = { message: "Name the note", requestedSchema: { type: "object", properties: { title: { type: "string" } } } } as const;

afterEach(async () => {
  act(() => document.querySelectorAll("mcp-elicitation-outlet").forEach((outlet) => outlet.remove()));
  await act(async () => {});
  document.body.replaceChildren();
});

function place(attributes: Record<string, string>) {
  const queue = createElicitationQueue();
  const outlet = document.createElement("mcp-elicitation-outlet") as ElicitationOutletElement;
  for (const [name, value] of Object.entries(attributes)) outlet.setAttribute(name, value);
  outlet.queue = queue;
  act(() => document.body.append(outlet));
  for (let n = 0; n < 2; n++) act(() => void queue.request({ serverName: "Spammy", params: form }).catch(() => {}));
  return outlet;
}

describe("<mcp-elicitation-outlet> and “Stop asking”", () => {
  it("is offered while two requests of the server wait", async () => {
    place({ presentation: "inline" });
    expect(await screen.findByRole("button", { name: "Stop asking" })).toBeInTheDocument();
  });

  it('stop-asking="false" hides it, and taking the attribute away brings it back', async () => {
    const outlet = place({ presentation: "inline", "stop-asking": "false" });
    await screen.findByRole("button", { name: "Submit" });
    expect(screen.queryByRole("button", { name: "Stop asking" })).toBeNull();
    act(() => outlet.removeAttribute("stop-asking"));
    expect(await screen.findByRole("button", { name: "Stop asking" })).toBeInTheDocument();
  });
});
