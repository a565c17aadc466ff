// <mcp-elicitation-outlet> in a document (happy-dom): its properties, a queue of the page's own, and
// what it says when a page hands it something it cannot take. In Chromium against a relay: e2e/element/.
import { waitFor } from "@testing-library/dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createElicitationQueue } from "../../src/element/index";
import type { ElicitationOutletElement } from "../../src/element/index";
import { loadOutletView } from "../../src/element/loadOutletView";

// What draws comes in a chunk loaded with the first request (a browser fetches it when idle, e2e/element/);
// loaded once here, so the first test's waits do not include transforming React.
beforeAll(() => loadOutletView(), 60_000);

const form = { message: "Name the note", requestedSchema: { type: "object", properties: { title: { type: "string", title: "Title" } } } } as const;

afterEach(() => {
  document.body.replaceChildren();
});

function place(attributes: Record<string, string> = {}): { outlet: ElicitationOutletElement; errors: string[] } {
  const outlet = document.createElement("mcp-elicitation-outlet");
  for (const [name, value] of Object.entries(attributes)) outlet.setAttribute(name, value);
  const errors: string[] = [];
  outlet.addEventListener("mcp-elicitation-error", (event) => errors.push(event.detail.message));
  document.body.append(outlet);
  return { outlet, errors };
}

describe("<mcp-elicitation-outlet>", () => {
  it("draws the requests of the queue it is given, inline in its own children", async () => {
    const { outlet } = place({ presentation: "inline" });
    const queue = createElicitationQueue();
    outlet.queue = queue;
    void queue.request({ serverName: "Notes", params: form });
    await waitFor(() => expect(outlet.querySelector('.rme-dialog[data-presentation="inline"]')).not.toBeNull());
    expect(outlet.textContent).toContain("Name the note");
  });

  it("takes over a property set before it was defined (a script that ran before the entry)", async () => {
    const queue = createElicitationQueue();
    const outlet = document.createElement("mcp-elicitation-outlet") as ElicitationOutletElement;
    // As if the element were not defined yet: an own property shadows the accessor.
    Object.defineProperty(outlet, "queue", { value: queue, writable: true, configurable: true, enumerable: true });
    outlet.setAttribute("presentation", "inline");
    document.body.append(outlet);
    expect(Object.prototype.hasOwnProperty.call(outlet, "queue")).toBe(false);
    void queue.request({ serverName: "Notes", params: form });
    await waitFor(() => expect(outlet.querySelector(".rme-dialog")).not.toBeNull());
  });

  it("a property of the wrong kind throws a TypeError naming it", () => {
    const { outlet } = place();
    expect(() => ((outlet as unknown as { queue: unknown }).queue = { request: 1 })).toThrow(/\.queue must be a queue made by createElicitationQueue\(\)/);
    expect(() => ((outlet as unknown as { filter: unknown }).filter = "chat-1")).toThrow(/\.filter must be a function/);
    expect(() => ((outlet as unknown as { messages: unknown }).messages = "Send")).toThrow(/\.messages must be an object/);
  });

  it("a filter that throws draws nothing for those requests and says so once; the others are drawn", async () => {
    const { outlet, errors } = place({ presentation: "inline" });
    const queue = createElicitationQueue();
    outlet.filter = (entry) => {
      if (entry.serverName === "Broken") throw new Error("no context");
      return true;
    };
    outlet.queue = queue;
    void queue.request({ serverName: "Broken", params: form });
    void queue.request({ serverName: "Notes", params: { ...form, message: "From Notes" } });
    await waitFor(() => expect(outlet.textContent).toContain("From Notes"));
    expect(errors).toEqual(["<mcp-elicitation-outlet> .filter threw (no context); the requests it threw for are not drawn here."]);
  });

  it("a relay-url that is not a URL is named, and nothing is drawn", async () => {
    const { outlet, errors } = place({ "relay-url": "http://[bad" });
    await waitFor(() => expect(errors).toEqual(['<mcp-elicitation-outlet> relay-url="http://[bad" is not a URL; nothing is shown.']));
    expect(outlet.children).toHaveLength(0);
  });

  it("a relay-url that is not http: or https: (data:, javascript:, blob:, file:) is refused with its name: nothing fetched, nothing drawn", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    try {
      const forged = `data:text/event-stream,${encodeURIComponent('event: request\ndata: {"id":"req1","serverName":"GitHub","params":{}}\n\n')}`;
      for (const url of [forged, "javascript:alert(1)", "blob:http://localhost:3000/0b5e", "file:///etc/passwd"]) {
        const { outlet, errors } = place({ "relay-url": url, presentation: "inline" });
        const protocol = url.slice(0, url.indexOf(":") + 1);
        await waitFor(() => expect(errors).toEqual([expect.stringMatching(new RegExp(`^<mcp-elicitation-outlet> relay-url=".*" is a ${protocol} URL; a relay is reached over http: or https: only; nothing is shown\\.$`))]));
        expect(errors[0]).toContain(`relay-url="${url.slice(0, 20)}`);
        expect(outlet.children).toHaveLength(0);
        outlet.remove();
      }
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      fetch.mockRestore();
    }
  });

  it("a relative relay-url is resolved against the page's base and fetched as http:", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise(() => {}));
    try {
      const { errors } = place({ "relay-url": "/api/elicitation" });
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      expect(String(fetch.mock.calls[0]![0])).toBe(new URL("/api/elicitation", document.baseURI).href);
      expect(document.baseURI).toMatch(/^http:/);
      expect(errors).toEqual([]);
    } finally {
      document.body.replaceChildren();
      fetch.mockRestore();
    }
  });
});
