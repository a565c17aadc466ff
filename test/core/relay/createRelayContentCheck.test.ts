// @vitest-environment node
// The relay checks a file's data: URI body in steps, so one large answer does not hold the server:
// the verdict must be the one the whole check gives in one go (the body checked in place), for good
// files and for every way a file can be wrong, alone or together.
import { describe, expect, it } from "vitest";
import { createRelayContentCheck } from "../../../src/core/relay/createRelayContentCheck";
import { fileInputs } from "../../../src/core/request/fileInputs";
import { prepareElicitationRequest } from "../../../src/core/request/prepareElicitationRequest";
import { checkContentSync } from "../../../src/core/validation/checkContentSync";
import { wordIssues } from "../../../src/core/validation/validationMessages";
import { defaultValidationRuntime } from "../../../src/core/validation/validationRuntime";
import type { ParsedElicitationSchema } from "../../../src/core/types";

function schemaOf(properties: Record<string, unknown>, required: string[]): ParsedElicitationSchema {
  const prepared = prepareElicitationRequest({ message: "Attach", requestedSchema: { type: "object", properties, required } }, { fileInputs, limits: { maxFileSize: 10 * 1024 * 1024 } });
  if (!prepared.ok || prepared.request.mode !== "form") throw new Error("the schema did not prepare");
  return prepared.request.schema;
}

/** The check as it ran before: everything in one go, each body checked in place. */
function inOneGo(parsed: ParsedElicitationSchema, content: unknown) {
  const checked = checkContentSync(defaultValidationRuntime, parsed, content, { limits: parsed.limits, patterns: false });
  return checked.valid ? checked : { valid: false, errors: wordIssues(parsed.fields, checked.errors) };
}

const body = "QUFB".repeat(750_000);
const pdf = (rest: string) => `data:application/pdf;name=scan.pdf;base64,${rest}`;

describe("the relay's content check", () => {
  const parsed = schemaOf(
    {
      scan: { type: "string", format: "uri", title: "Scan", "x-mcp-file": { accept: ["application/pdf"] } },
      other: { type: "string", format: "uri", title: "Other", maxLength: 2_000_000, "x-mcp-file": {} },
      note: { type: "string", title: "Note", maxLength: 10 },
    },
    ["scan"],
  );

  it.each([
    ["a good file", { scan: pdf(body) }],
    ["a space in the body", { scan: pdf(`${body} `) }],
    ["two # in the body", { scan: pdf(`${body}#a#b`) }],
    ["a bad % escape", { scan: pdf(`${body}%zz`) }],
    ["a bad body and the wrong type", { scan: `data:text/plain;base64,${body} ` }],
    ["a bad body, too long, beside a bad note", { other: pdf(`${body}^`), scan: pdf(body), note: "far too long a note" }],
    ["a header that is no URI", { scan: `data:application/pdf;name=a b;base64,${body}` }],
    ["not a data: URI", { scan: `https://example.com/${body}` }],
    ["no file at all", { note: "hi" }],
  ])("judges %s as the check in one go does", async (_label, content) => {
    expect(await createRelayContentCheck()(parsed, content)).toStrictEqual(inOneGo(parsed, content));
  }, 30_000);

  it("lets the event loop turn while a 10 MB file's body is checked", async () => {
    const scan = pdf("QUFB".repeat(3_400_000));
    // Another piece of work, run on every turn of the loop it gets.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const checked = await createRelayContentCheck()(parsed, { scan });
    ticking = false;
    expect(checked).toStrictEqual({ valid: true, content: { scan } });
    expect(turns).toBeGreaterThanOrEqual(10);
  }, 30_000);
});
