import { describe, expect, it } from "vitest";
import { createElicitationAdmission } from "../../../src/core/request/createElicitationAdmission";
import { ElicitationQueueError } from "../../../src/core/request/ElicitationQueueError";
import { ElicitationSchemaError } from "../../../src/core/request/ElicitationSchemaError";
import { prepareElicitationRequest } from "../../../src/core/request/prepareElicitationRequest";
import { githubUsername } from "../../fixtures/seedRequests";

const passwordForm = {
  mode: "form",
  message: "Sign in",
  requestedSchema: { type: "object", properties: { password: { type: "string", title: "Password" } } },
};

function admissionAt(options: { closed?: boolean; rateLimit?: { max: number; windowMs: number } | false } = {}) {
  let clock = 1_000;
  let closed = options.closed ?? false;
  const admission = createElicitationAdmission({ Refusal: ElicitationQueueError, rateLimit: options.rateLimit ?? { max: 2, windowMs: 1_000 }, now: () => clock, isClosed: () => closed });
  return { admission, tick: (ms: number) => (clock += ms), close: () => (closed = true) };
}

describe("createElicitationAdmission: the one step the queue, relay.request and relay.park share", () => {
  it("takes a request it can show and counts nothing until told", () => {
    const { admission } = admissionAt();
    for (let i = 0; i < 5; i++) expect(admission.admit("github", "GitHub", githubUsername)).toMatchObject({ ok: true, answer: undefined });
    admission.count("github");
    admission.count("github");
    expect(admission.admit("github", "GitHub", githubUsername)).toMatchObject({ ok: false, error: { reason: "rate-limited", code: -32000 } });
    // The rate is per source: another one is not held back.
    expect(admission.admit("bank", "Bank", githubUsername).ok).toBe(true);
  });

  it("refuses in order: closed, then over the rate, then params it cannot show", () => {
    const { admission, close, tick } = admissionAt({ rateLimit: { max: 1, windowMs: 1_000 } });
    admission.count("github");
    const bad = { mode: "form", message: "x", requestedSchema: { type: "array" } };
    expect(admission.admit("github", "GitHub", bad)).toMatchObject({ ok: false, error: { reason: "rate-limited" } });
    tick(1_001);
    const schema = admission.admit("github", "GitHub", bad);
    expect(schema.ok === false && schema.error).toBeInstanceOf(ElicitationSchemaError);
    close();
    const refused = admission.admit("github", "GitHub", githubUsername);
    expect(refused.ok === false && refused.error).toBeInstanceOf(ElicitationQueueError);
    expect(refused).toMatchObject({ ok: false, error: { reason: "queue-closed", code: -32000, data: { reason: "queue-closed" } } });
  });

  it("answers for the person when the sensitive-fields policy declines", () => {
    const warning = createElicitationAdmission({ Refusal: ElicitationQueueError, rateLimit: false, now: () => 0, isClosed: () => false });
    expect(warning.admit("a", "A", passwordForm)).toMatchObject({ ok: true, answer: undefined });
    const declining = createElicitationAdmission({
      Refusal: ElicitationQueueError,
      rateLimit: false,
      now: () => 0,
      isClosed: () => false,
      prepare: (params) => prepareElicitationRequest(params, { sensitiveFields: "decline" }),
    });
    expect(declining.admit("a", "A", passwordForm)).toMatchObject({ ok: true, answer: { action: "decline" } });
  });
});
