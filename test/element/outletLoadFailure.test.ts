// When what draws cannot be fetched (offline, a deploy that removed the old chunk), <mcp-elicitation-outlet>
// says so once through mcp-elicitation-error, keeps its requests, and draws them when the next request
// loads it again. Its own file: the element is defined once per page, here with a loader that fails first.
import { waitFor } from "@testing-library/dom";
import { describe, expect, it, vi } from "vitest";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import type { ElicitationOutletElement } from "../../src/element/index";

const failures = vi.hoisted(() => ({ left: 1 }));
vi.mock("../../src/element/loadOutletView", async (importActual) => {
  const actual = await importActual<typeof import("../../src/element/loadOutletView")>();
  return {
    loadOutletView: () => (failures.left-- > 0 ? Promise.reject(new TypeError("Failed to fetch dynamically imported module")) : actual.loadOutletView()),
  };
});

const form = (message: string) => ({ message, requestedSchema: { type: "object", properties: { title: { type: "string" } } } });

describe("<mcp-elicitation-outlet> when what draws cannot be fetched", () => {
  it("says so once, and draws the requests when the next one loads it", async () => {
    // The page never idle: only requests load what draws.
    vi.stubGlobal("requestIdleCallback", () => 0);
    await import("../../src/element/index");
    const outlet = document.createElement("mcp-elicitation-outlet") as ElicitationOutletElement;
    outlet.setAttribute("presentation", "inline");
    const errors: string[] = [];
    outlet.addEventListener("mcp-elicitation-error", (event) => errors.push(event.detail.message));
    // The page's own queue (the client's): its requests are in it at once, whatever the element loads.
    const queue = createElicitationQueue();
    outlet.queue = queue;
    document.body.append(outlet);
    void queue.request({ serverName: "Notes", params: form("first") });
    await waitFor(() =>
      expect(errors).toEqual([
        "<mcp-elicitation-outlet> could not load what draws its requests (Failed to fetch dynamically imported module); the next request tries again.",
      ]),
    );
    expect(outlet.querySelector(".rme-dialog")).toBeNull();
    void queue.request({ serverName: "Notes", params: form("second") });
    await waitFor(() => expect(outlet.textContent).toContain("first"), { timeout: 30_000 });
    expect(errors).toHaveLength(1);
  }, 60_000);
});
