// @vitest-environment node
// When the pattern engine's chunk cannot load (offline, blocked), only a request that needs it is
// refused — with a JSON-RPC code and an audit event — and every other server's request is shown.
import { describe, expect, it, vi } from "vitest";
import type { ElicitationQueueEvent } from "../../src/host/types";
import { bankTransfer, contactInfo, githubUsername } from "../fixtures/seedRequests";

const withPattern = {
  message: "Your code",
  requestedSchema: { type: "object", properties: { code: { type: "string", pattern: "^[A-Z]{3}$" } } },
};

describe("a failed pattern-engine load", () => {
  it("refuses only the request that needs it; requests queued behind it are admitted", async () => {
    vi.resetModules();
    vi.doMock("../../src/core/safePattern", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { createElicitationQueue } = await import("../../src/host/createElicitationQueue");
    const events: ElicitationQueueEvent[] = [];
    const queue = createElicitationQueue({ onEvent: (e) => events.push(e) });
    const needsEngine = queue.request({ serverName: "codes", params: withPattern });
    // Arrive while the load is under way, so they wait their turn behind it.
    void queue.request({ serverName: "github", params: githubUsername });
    const bank = queue.request({ serverName: "bank", params: bankTransfer }).catch((error: unknown) => error);
    void queue.request({ serverName: "crm", params: contactInfo });
    await expect(needsEngine).rejects.toMatchObject({ code: -32603, reason: "engine-unavailable" });
    await vi.waitFor(() => expect(queue.getSnapshot().entries.map((e) => e.serverName)).toEqual(["github", "crm"]));
    // The bank's form has a pattern too: refused for the same reason, on its own account.
    expect(await bank).toMatchObject({ code: -32603 });
    expect(events.filter((e) => e.type === "rejected").map((e) => [e.serverName, e.code])).toEqual([
      ["codes", -32603],
      ["bank", -32603],
    ]);
    queue.close();
    vi.doUnmock("../../src/core/safePattern");
  });
});
