// "Stop asking" on <mcp-elicitation-outlet>: offered while two requests of a server wait, and never with
// stop-asking="false".
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createElicitationQueue, type ElicitationOutletElement } from "../../src/element/index";

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
