import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { prepareElicitationRequest } from "../../../src/core/request/prepareElicitationRequest";
import { ElicitationDialog } from "../../../src/dialog/ElicitationDialog";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../../src/host/ElicitationOutlet";
import { bankTransfer, contactInfo } from "../../fixtures/seedRequests";

const withPassword = {
  message: "Log in",
  requestedSchema: { type: "object", properties: { password: { type: "string", title: "Password" } } },
};

// Every preparation is counted: the real function, observed.
vi.mock("../../../src/core/request/prepareElicitationRequest", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../src/core/request/prepareElicitationRequest")>();
  return { ...actual, prepareElicitationRequest: vi.fn(actual.prepareElicitationRequest) };
});
const preparations = vi.mocked(prepareElicitationRequest);
beforeEach(() => preparations.mockClear());

describe("prepareElicitationRequest: one preparation per request", () => {
  it("applies the limits it is given: other limits, another verdict", () => {
    expect(prepareElicitationRequest(bankTransfer, { limits: { maxProperties: 10 } }).ok).toBe(true);
    expect(prepareElicitationRequest(bankTransfer, { limits: { maxProperties: 1 } })).toMatchObject({
      ok: false,
      error: { path: "requestedSchema.properties" },
    });
  });

  it("applies the sensitive-field policy: decline answers for the person, warn shows the form", () => {
    expect(prepareElicitationRequest(withPassword, { sensitiveFields: "decline" })).toMatchObject({ ok: true, answer: { action: "decline" } });
    expect(prepareElicitationRequest(withPassword)).not.toHaveProperty("answer");
    expect(prepareElicitationRequest(contactInfo, { sensitiveFields: "decline" })).not.toHaveProperty("answer");
  });

  it("the dialog uses the same prepared request: through the outlet, a request is prepared once, by the queue", async () => {
    const queue = createElicitationQueue({ limits: { maxProperties: 10 } });
    void queue.request({ serverName: "Bank", params: bankTransfer });
    expect(preparations).toHaveBeenCalledTimes(1);
    render(<ElicitationOutlet queue={queue} />);
    expect(screen.getByRole("textbox", { name: /Recipient account/ })).toBeInTheDocument();
    // Drawn (twice, under StrictMode) without being prepared again.
    expect(preparations).toHaveBeenCalledTimes(1);
    queue.close();
  });

  it("a dialog given raw params by a host without a queue prepares them itself, with its own limits", () => {
    const onInvalidRequest = vi.fn();
    render(<ElicitationDialog serverName="Bank" request={bankTransfer} limits={{ maxProperties: 1 }} onResponse={() => {}} onInvalidRequest={onInvalidRequest} />);
    expect(preparations).toHaveBeenCalled();
    expect(preparations.mock.calls.every(([params]) => params === bankTransfer)).toBe(true);
    expect(onInvalidRequest).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("under decline, neither the queue nor a dialog shows the request", async () => {
    const queue = createElicitationQueue({ sensitiveFields: "decline" });
    await expect(queue.request({ serverName: "S", params: withPassword })).resolves.toEqual({ action: "decline" });
    expect(queue.getSnapshot().entries).toEqual([]);
    const onResponse = vi.fn();
    render(<ElicitationDialog serverName="S" request={withPassword as never} sensitiveFields="decline" onResponse={onResponse} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onResponse.mock.calls).toEqual([[{ action: "decline" }]]);
  });
});
