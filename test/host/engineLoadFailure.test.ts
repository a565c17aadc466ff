// @vitest-environment node
// Admission never waits for a validation chunk: when the engines cannot load (offline, blocked),
// every server's request is still queued in arrival order — the one with a `pattern` included.
import { describe, expect, it, vi } from "vitest";
import type { ElicitationQueueEvent } from "../../src/client/types";
import { bankTransfer, contactInfo, githubUsername } from "../fixtures/seedRequests";

const withPattern = {
  message: "Your code",
  requestedSchema: { type: "object", properties: { code: { type: "string", pattern: "^(?=.*[0-9])[A-Z0-9]{3}$" } } },
};

describe("validation chunks that cannot load", () => {
  it("reject no request: all are admitted in order, with no refusal", async () => {
    vi.resetModules();
    const offline = () => {
      throw new Error("Failed to fetch dynamically imported module");
    };
    vi.doMock("../../src/core/validation/engines/ajvEngine", offline);
    vi.doMock("../../src/core/validation/engines/evalFreeValidator", offline);
    const { createElicitationQueue } = await import("../../src/client/queue/createElicitationQueue");
    const events: ElicitationQueueEvent[] = [];
    const queue = createElicitationQueue({ onEvent: (e) => events.push(e) });
    const answers = [
      queue.request({ serverName: "codes", params: withPattern }),
      queue.request({ serverName: "github", params: githubUsername }),
      queue.request({ serverName: "bank", params: bankTransfer }),
      queue.request({ serverName: "crm", params: contactInfo }),
    ];
    await vi.waitFor(() => expect(queue.getSnapshot().entries.map((e) => e.serverName)).toEqual(["codes", "github", "bank", "crm"]));
    expect(events.filter((e) => e.type === "rejected")).toEqual([]);
    queue.close();
    expect((await Promise.all(answers)).map((a) => a.action)).toEqual(["cancel", "cancel", "cancel", "cancel"]);

    // The probe: these mocks do reach what validation loads. Had admission waited for an engine,
    // it would have met exactly this rejection.
    const { defaultValidationRuntime } = await import("../../src/core/validation/validationRuntime");
    const { ValidationUnavailableError } = await import("../../src/core/validation/ValidationUnavailableError");
    await expect(defaultValidationRuntime.loadEngine("ajv")).rejects.toBeInstanceOf(ValidationUnavailableError);
    await expect(defaultValidationRuntime.loadEngine("eval-free")).rejects.toBeInstanceOf(ValidationUnavailableError);
    vi.doUnmock("../../src/core/validation/engines/ajvEngine");
    vi.doUnmock("../../src/core/validation/engines/evalFreeValidator");
  });

  it("preloadValidation rejects with the error the forms recognise when their checking code cannot load, and loads it when it can", async () => {
    vi.resetModules();
    vi.doMock("../../src/core/loading/loadValidation", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { preloadValidation } = await import("../../src/core/loading/preloadValidation");
    const { ValidationUnavailableError } = await import("../../src/core/validation/ValidationUnavailableError");
    await expect(preloadValidation()).rejects.toBeInstanceOf(ValidationUnavailableError);
    vi.doUnmock("../../src/core/loading/loadValidation");
    await expect(preloadValidation()).resolves.toBeUndefined();
  });
});
