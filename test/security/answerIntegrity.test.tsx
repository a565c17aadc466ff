// What is sent is what the person typed, and what the MCP SDK's server validators (Ajv and
// CfWorker) accept: nothing unreadable passes for "not answered", nothing is cut or rounded, and a
// valid schema never gives a form that cannot be answered.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { rfc3339ToLocalInput } from "../../src/core/values/dateTime";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import { validateElicitationContent } from "../../src/core/validation/validateElicitationContent";
import { renderDialog } from "../renderDialog";

const request = (properties: Record<string, unknown>, required: string[] = []) => ({
  message: "Fill in",
  requestedSchema: { type: "object" as const, properties, required },
});

async function submit(view: ReturnType<typeof renderDialog>) {
  await view.user.click(screen.getByRole("button", { name: "Submit" }));
  // Undefined when nothing was sent.
  return view.onResponse.mock.calls[0]?.[0] as { action: string; content: Record<string, unknown> };
}

/** What both SDK validators say about `content` under the server's own schema. */
function serverVerdicts(schema: Record<string, unknown>, content: unknown) {
  return [new AjvJsonSchemaValidator(), new CfWorkerJsonSchemaValidator()].map(
    (validator) => validator.getValidator(schema as never)(content).valid,
  );
}

describe("a number the browser cannot read is an error, not 'not answered'", () => {
  it.each(["1e999", "--5", "12e"])("%s in an optional number field", async () => {
    const view = renderDialog(request({ amount: { type: "number", title: "Amount" } }));
    const input = screen.getByLabelText("Amount") as HTMLInputElement;
    // What Chromium reports for such text: an empty value and validity.badInput.
    Object.defineProperty(input, "validity", { configurable: true, get: () => ({ badInput: true }) });
    fireEvent.input(input, { target: { value: "" } });
    expect(await submit(view)).toBeUndefined();
    expect(input).toHaveAccessibleDescription("Enter a number");
    expect(input).toHaveAttribute("aria-invalid", "true");
  });

  it("correcting the text clears the error and sends the number", async () => {
    const view = renderDialog(request({ amount: { type: "number", title: "Amount" } }));
    const input = screen.getByLabelText("Amount") as HTMLInputElement;
    Object.defineProperty(input, "validity", { configurable: true, get: () => ({ badInput: true }) });
    fireEvent.input(input, { target: { value: "" } });
    await view.user.click(screen.getByRole("button", { name: "Submit" }));
    Object.defineProperty(input, "validity", { configurable: true, get: () => ({ badInput: false }) });
    fireEvent.input(input, { target: { value: "12" } });
    expect(await submit(view)).toEqual({ action: "accept", content: { amount: 12 } });
  });
});

describe("maxLength counts characters (code points), and nothing typed is cut", () => {
  it("three emoji fit maxLength 3 and are sent whole", async () => {
    const view = renderDialog(request({ mood: { type: "string", title: "Mood", maxLength: 3 } }));
    const input = screen.getByLabelText("Mood");
    expect(input).not.toHaveAttribute("maxlength");
    fireEvent.change(input, { target: { value: "😀😀😀" } });
    expect(await submit(view)).toEqual({ action: "accept", content: { mood: "😀😀😀" } });
  });

  it("four emoji stay in the field and are refused in words", async () => {
    const view = renderDialog(request({ mood: { type: "string", title: "Mood", maxLength: 3 } }));
    const input = screen.getByLabelText("Mood");
    fireEvent.change(input, { target: { value: "😀😀😀😀" } });
    expect(await submit(view)).toBeUndefined();
    expect(input).toHaveValue("😀😀😀😀");
    expect(input).toHaveAccessibleDescription("Use at most 3 characters");
  });
});

describe("whole numbers beyond 2^53 are refused, never rounded", () => {
  it.each([
    ["integer", "9007199254740993", "Must be 9007199254740991 or less"],
    ["integer", "-9007199254740993", "Must be -9007199254740991 or more"],
    ["number", "123456789012345678901", "Must be 9007199254740991 or less"],
  ])("%s %s", async (type, typed, message) => {
    const view = renderDialog(request({ id: { type, title: "Id" } }));
    const input = screen.getByLabelText("Id");
    fireEvent.change(input, { target: { value: typed } });
    expect(await submit(view)).toBeUndefined();
    expect(input).toHaveAccessibleDescription(message);
  });

  it("the largest safe integer is sent exactly", async () => {
    const view = renderDialog(request({ id: { type: "integer", title: "Id" } }));
    fireEvent.change(screen.getByLabelText("Id"), { target: { value: "9007199254740991" } });
    expect(await submit(view)).toEqual({ action: "accept", content: { id: 9007199254740991 } });
  });
});

describe("an email passes here exactly when both SDK validators accept it", () => {
  const schema = { type: "object", properties: { email: { type: "string", format: "email" } } };
  const parsed = parseElicitationSchema(schema);
  if (!parsed.ok) throw parsed.error;
  const cases = [
    `${"a".repeat(64)}@example.com`,
    `${"a".repeat(65)}@example.com`,
    `me@${"b".repeat(63)}.example`,
    `me@${"b".repeat(64)}.example`,
    '"john doe"@example.com',
    "first.last@example.co.uk",
    ".dot@example.com",
    "a..b@example.com",
    `me@${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(60)}.com`,
  ];
  it.each(cases)("%s", (email) => {
    const [ajv, cfworker] = serverVerdicts(schema, { email });
    expect(validateElicitationContent(parsed.schema, { email }).valid).toBe(ajv && cfworker);
  });

  it("a 65-character local part is refused in the form with the email message", async () => {
    const view = renderDialog(request({ email: { type: "string", title: "Email", format: "email" } }));
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: `${"a".repeat(65)}@example.com` } });
    expect(await submit(view)).toBeUndefined();
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Enter a valid email address");
  });
});

describe("date-time with maxLength, a 'Z' default or a leap second can be answered", () => {
  const field = { type: "string", title: "When", format: "date-time", maxLength: 20, default: "2025-01-01T12:00:00Z" };

  it("an untouched 'Z' default is sent exactly as the server wrote it", async () => {
    const view = renderDialog(request({ when: field }));
    const result = await submit(view);
    expect(result).toEqual({ action: "accept", content: { when: "2025-01-01T12:00:00Z" } });
    expect(serverVerdicts(request({ when: field }).requestedSchema, result.content)).toEqual([true, true]);
  });

  it("a changed time is sent in UTC with 'Z' when an offset would not fit maxLength", async () => {
    const view = renderDialog(request({ when: field }));
    fireEvent.change(screen.getByLabelText("When"), { target: { value: "2025-06-01T09:30" } });
    const result = await submit(view);
    expect(result.action).toBe("accept");
    const sent = result.content.when as string;
    expect(sent).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/);
    // The same instant the person picked in their own time zone.
    expect(new Date(sent).getTime()).toBe(new Date(2025, 5, 1, 9, 30).getTime());
    expect(serverVerdicts(request({ when: field }).requestedSchema, result.content)).toEqual([true, true]);
  });

  it("a minLength above the usual length is met with zero fractions of a second", async () => {
    const long = { type: "string", title: "When", format: "date-time", minLength: 28 };
    const view = renderDialog(request({ when: long }));
    fireEvent.change(screen.getByLabelText("When"), { target: { value: "2025-06-01T09:30" } });
    const result = await submit(view);
    expect((result.content.when as string).length).toBe(28);
    expect(serverVerdicts(request({ when: long }).requestedSchema, result.content)).toEqual([true, true]);
  });

  it("a maxLength no date-time fits is refused up front, with the reason", () => {
    const result = parseElicitationSchema(request({ when: { type: "string", format: "date-time", maxLength: 19 } }).requestedSchema);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toMatch(/properties\.when\.maxLength: leaves no room for a date and time/);
  });

  it("a leap-second default is shown and, untouched, sent as it came", async () => {
    const leap = { type: "string", title: "When", format: "date-time", default: "2016-12-31T23:59:60Z" };
    const view = renderDialog(request({ when: leap }));
    expect(screen.getByLabelText("When")).toHaveValue(rfc3339ToLocalInput("2016-12-31T23:59:59Z"));
    expect(screen.getByLabelText("When")).not.toHaveValue("");
    expect(await submit(view)).toEqual({ action: "accept", content: { when: "2016-12-31T23:59:60Z" } });
  });
});
