import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { prepareElicitationRequest } from "../../src/core/request/prepareElicitationRequest";
import { createElicitationQueue } from "../../src/host/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { bankTransfer, contactInfo } from "../fixtures/seedRequests";

const withPassword = {
  message: "Log in",
  requestedSchema: { type: "object", properties: { password: { type: "string", title: "Password" } } },
};

describe("prepareElicitationRequest: one preparation per request", () => {
  it("prepares a request once: the same params and options give the very same result", () => {
    const first = prepareElicitationRequest(bankTransfer, { limits: { maxProperties: 10 } });
    expect(first.ok).toBe(true);
    expect(prepareElicitationRequest(bankTransfer, { limits: { maxProperties: 10 } })).toBe(first);
    // Other limits are another preparation, with its own verdict.
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

  it("the queue and the dialog it shows draw from the same prepared request", async () => {
    const queue = createElicitationQueue({ limits: { maxProperties: 10 } });
    void queue.request({ serverName: "Bank", params: bankTransfer });
    const entry = queue.getSnapshot().current!;
    const prepared = prepareElicitationRequest(bankTransfer, { limits: { maxProperties: 10 } });
    expect(prepared.ok && prepared.request).toBe(entry.request);
    render(<ElicitationOutlet queue={queue} />);
    expect(screen.getByRole("textbox", { name: /Recipient account/ })).toBeInTheDocument();
    queue.close();
  });

  it("under decline, neither the queue nor a dialog shows the request", async () => {
    const queue = createElicitationQueue({ sensitiveFields: "decline" });
    await expect(queue.request({ serverName: "S", params: withPassword })).resolves.toEqual({ action: "decline" });
    expect(queue.getSnapshot().entries).toEqual([]);
    const { ElicitationDialog } = await import("../../src/dialog/ElicitationDialog");
    const onResponse = vi.fn();
    render(<ElicitationDialog serverName="S" request={withPassword as never} sensitiveFields="decline" onResponse={onResponse} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onResponse.mock.calls).toEqual([[{ action: "decline" }]]);
  });
});
