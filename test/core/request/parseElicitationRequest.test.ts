// @vitest-environment node
import { describe, expect, it } from "vitest";
import { parseElicitationRequest } from "../../../src/core/request/parseElicitationRequest";
import { contactInfo, githubUsername } from "../../fixtures/seedRequests";

function errorPath(params: unknown) {
  const result = parseElicitationRequest(params);
  if (result.ok) throw new Error("expected the request to be rejected");
  expect(result.error.code).toBe(-32602);
  return result.error.path;
}

describe("parseElicitationRequest", () => {
  it("parses form mode with mode missing or 'form'", () => {
    for (const params of [contactInfo, { ...contactInfo, mode: "form" }]) {
      const result = parseElicitationRequest(params);
      expect(result.ok).toBe(true);
      if (!result.ok || result.request.mode !== "form") return;
      expect(result.request.message).toBe("Please provide your contact information");
      expect(result.request.schema.fields.map((f) => f.key)).toEqual(["name", "email", "age"]);
    }
  });

  it("reports schema errors under requestedSchema", () => {
    expect(errorPath({ message: "m" })).toBe("requestedSchema");
    expect(
      errorPath({ ...githubUsername, requestedSchema: { type: "object", properties: { name: { type: "object" } } } }),
    ).toBe("requestedSchema.properties.name.type");
  });

  it("requires params to be an object and message a string", () => {
    expect(errorPath(null)).toBe("params");
    expect(errorPath([githubUsername])).toBe("params");
    expect(errorPath({ requestedSchema: githubUsername.requestedSchema })).toBe("message");
    expect(errorPath({ ...githubUsername, message: 42 })).toBe("message");
  });

  it("parses URL mode with and without elicitationId (2025-11-25 and 2026-07-28)", () => {
    expect(
      parseElicitationRequest({ mode: "url", message: "Sign in", url: "https://example.com/auth?x=1", elicitationId: "e-1" }),
    ).toEqual({
      ok: true,
      request: { mode: "url", message: "Sign in", url: "https://example.com/auth?x=1", elicitationId: "e-1" },
    });
    expect(parseElicitationRequest({ mode: "url", message: "Pay", url: "http://localhost:3000/pay" })).toEqual({
      ok: true,
      request: { mode: "url", message: "Pay", url: "http://localhost:3000/pay" },
    });
  });

  it.each([
    ["javascript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["file:///etc/passwd"],
    ["vscode://open"],
    ["/relative/path"],
    ["not a url"],
  ])("rejects the URL %s at path url", (url) => {
    expect(errorPath({ mode: "url", message: "m", url, elicitationId: "1" })).toBe("url");
  });

  it("rejects a missing url, a non-string elicitationId and unknown modes", () => {
    expect(errorPath({ mode: "url", message: "m" })).toBe("url");
    expect(errorPath({ mode: "url", message: "m", url: "https://a.example", elicitationId: 7 })).toBe("elicitationId");
    expect(errorPath({ ...githubUsername, mode: "sampling" })).toBe("mode");
    expect(errorPath({ ...githubUsername, mode: null })).toBe("mode");
  });

  it("never throws on hostile input", () => {
    const hostile = {
      get message(): never {
        throw new Error("boom");
      },
    };
    expect(() => parseElicitationRequest(hostile)).not.toThrow();
    expect(parseElicitationRequest(hostile).ok).toBe(false);
  });
});
