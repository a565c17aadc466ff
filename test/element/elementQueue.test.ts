// The element's queue prepares requests with code it loads at the first request (the page loads no
// parser before a question): what it admits, refuses and answers is the client's queue's, in arrival
// order; a failed load refuses the waiting requests with its error, and the next request loads again.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createElicitationQueue as createClientQueue } from "../../src/client/queue/createElicitationQueue";

const form = (message: string) => ({ message, requestedSchema: { type: "object", properties: { title: { type: "string" } } } });
const broken = { message: "Pick", requestedSchema: { type: "object", properties: { where: { type: "object", properties: {} } } } };

afterEach(() => {
  vi.doUnmock("../../src/element/loadOutletView");
  vi.resetModules();
});

describe("the element's createElicitationQueue", () => {
  it("refuses a broken schema with the client queue's error, and keeps the arrival order of requests that came while it loaded", async () => {
    const { createElicitationQueue } = await import("../../src/element/createElicitationQueue");
    const queue = createElicitationQueue();
    const client = createClientQueue();
    const refusedHere = queue.request({ serverName: "Notes", params: broken }).catch((error: Error) => error);
    const refusedThere = client.request({ serverName: "Notes", params: broken }).catch((error: Error) => error);
    void queue.request({ serverName: "Notes", params: form("first") });
    void queue.request({ serverName: "Notes", params: form("second") });
    // Nothing is in the queue before its preparation is loaded.
    expect(queue.getSnapshot().entries).toEqual([]);
    const [here, there] = await Promise.all([refusedHere, refusedThere]);
    expect(here).toBeInstanceOf(Error);
    expect({ name: here.name, message: here.message, code: (here as { code?: number }).code }).toEqual({ name: there.name, message: there.message, code: (there as { code?: number }).code });
    await vi.waitFor(() => expect(queue.getSnapshot().entries.map((entry) => entry.params.message)).toEqual(["first", "second"]));
    // Once loaded, a request is in the queue as it returns, as with the client's queue.
    void queue.request({ serverName: "Notes", params: form("third") });
    expect(queue.getSnapshot().entries.map((entry) => entry.params.message)).toEqual(["first", "second", "third"]);
  });

  it("a load that fails refuses the requests waiting with its error; the next request loads again and is admitted", async () => {
    const actual = await vi.importActual<typeof import("../../src/element/loadOutletView")>("../../src/element/loadOutletView");
    let fail = true;
    vi.doMock("../../src/element/loadOutletView", () => ({
      loadOutletView: () => (fail ? Promise.reject(new TypeError("Failed to fetch dynamically imported module")) : actual.loadOutletView()),
    }));
    const { createElicitationQueue } = await import("../../src/element/createElicitationQueue");
    const queue = createElicitationQueue();
    await expect(queue.request({ serverName: "Notes", params: form("lost") })).rejects.toThrow("Failed to fetch dynamically imported module");
    expect(queue.getSnapshot().entries).toEqual([]);
    fail = false;
    void queue.request({ serverName: "Notes", params: form("again") });
    await vi.waitFor(() => expect(queue.getSnapshot().entries.map((entry) => entry.params.message)).toEqual(["again"]));
  });

  it("a question answered from a remembered decision before anything was loaded still gets its line, in order with the requests", async () => {
    const { createElicitationQueue } = await import("../../src/element/createElicitationQueue");
    const queue = createElicitationQueue();
    const forget = vi.fn(async () => undefined);
    // The relay's first event for this page may be such a line: nothing is loaded yet.
    expect(queue.addRemembered({ serverName: "Deploy", params: form("remembered"), rememberedAt: Date.parse("2026-11-20T10:00:00Z"), decision: "d-1", forget })).toBe(true);
    void queue.request({ serverName: "Deploy", params: form("asked") });
    await vi.waitFor(() => expect(queue.getSnapshot().entries.map((entry) => entry.params.message)).toEqual(["asked"]));
    const [line] = queue.getSnapshot().remembered;
    expect(line).toMatchObject({ serverName: "Deploy", decision: "d-1", forgotten: false });
    expect(line!.params.message).toBe("remembered");
    await line!.forget();
    expect(forget).toHaveBeenCalledTimes(1);
    expect(queue.getSnapshot().remembered[0]!.forgotten).toBe(true);
  });
});
