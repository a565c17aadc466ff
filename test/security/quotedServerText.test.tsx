// A refused request quotes what the server sent, but only a short cut excerpt of it: a megabyte
// of text in `mode` or in `required` must not be drawn, and the reason must stay readable.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { parseElicitationRequest } from "../../src/core/request/parseElicitationRequest";
import { renderDialog } from "../renderDialog";

const huge = "x".repeat(1_000_000);
const form = (schema: Record<string, unknown>) => ({ message: "Hi", requestedSchema: { type: "object", ...schema } });

const hostile: [string, Record<string, unknown>][] = [
  ["a 1 MB mode", { message: "Hi", mode: huge }],
  ["a 1 MB name in required", form({ properties: { a: { type: "string" } }, required: [huge] })],
  ["a 1 MB type", form({ properties: { a: { type: huge } } })],
  ["a 1 MB format", form({ properties: { a: { type: "string", format: huge } } })],
  ["a 1 MB name listed twice", form({ properties: { [huge]: { type: "string" } }, required: [huge, huge] })],
];

describe("server text quoted in a refusal is a short excerpt", () => {
  it.each(hostile)("%s gives a reason under 200 characters that shows the start of the text", (_, params) => {
    const result = parseElicitationRequest(params);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message.length).toBeLessThan(200);
    expect(result.error.path.length).toBeLessThan(120);
    expect(result.error.message).toContain("xxxxxxxxxx…");
  });

  it("the dialog draws the short reason, not the megabyte", () => {
    renderDialog({ message: "Hi", mode: huge } as never);
    const notice = screen.getByRole("dialog");
    expect(notice.textContent!.length).toBeLessThan(500);
    expect(notice).toHaveTextContent(/must be "form" or "url", not "x+…/);
  });

  it("short values are quoted whole, as before", () => {
    const result = parseElicitationRequest({ message: "Hi", mode: "popup" });
    expect(!result.ok && result.error.reason).toBe('must be "form" or "url", not "popup"');
  });
});
