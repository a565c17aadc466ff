import { describe, expect, it } from "vitest";
import { fieldLabel } from "../../../src/core/request/fieldLabel";
import { parseElicitationSchema } from "../../../src/core/request/parseElicitationSchema";

describe("a field without a title is labelled from its key in words", () => {
  it.each([
    ["recipient_account", "Recipient account"],
    ["backupRetentionDays", "Backup retention days"],
    ["maxRetries", "Max retries"],
    ["BackupRetentionDays", "Backup retention days"],
    ["user-name", "User name"],
    ["userID", "User ID"],
    ["api_key", "API key"],
    ["HTTPServer", "HTTP server"],
    ["callback_url", "Callback URL"],
    ["email", "Email"],
    ["ipv4_address", "Ipv4 address"],
    ["größe_in_cm", "Größe in cm"],
    ["名前", "名前"],
    ["  spaced  key ", "Spaced key"],
  ])("%s → %s", (key, label) => {
    expect(fieldLabel(undefined, key)).toBe(label);
  });

  it("keeps a key with no letters or digits as it is rather than showing nothing", () => {
    expect(fieldLabel(undefined, "__")).toBe("__");
    expect(fieldLabel(undefined, "★")).toBe("★");
  });

  it("uses a title that shows something, exactly as written", () => {
    expect(fieldLabel("E-mail (work)", "work_email")).toBe("E-mail (work)");
  });

  it.each([
    ["empty", ""],
    ["spaces", "   "],
    ["zero-width space and joiners", "\u200B\u200C\u200D"],
    ["word joiner, BOM and soft hyphen", "\u2060\uFEFF\u00AD"],
    ["bidi marks", "\u200E\u200F\u202E"],
    ["Hangul filler", "\u3164"],
    ["blank braille pattern", "\u2800"],
  ])("falls back to the key in words when the title is %s", (_, title) => {
    expect(fieldLabel(title, "recipient_account")).toBe("Recipient account");
  });
});

describe("parsed fields", () => {
  it("carry the label in words and keep the raw key", () => {
    const result = parseElicitationSchema({
      type: "object",
      properties: {
        backupRetentionDays: { type: "integer" },
        recipient_account: { type: "string", title: "\u200B" },
        plan: { type: "string", oneOf: [{ const: "pro", title: "\u200B\u200B" }, { const: "free", title: "Free" }] },
      },
    });
    if (!result.ok) throw result.error;
    const [days, account, plan] = result.schema.fields;
    expect(days).toMatchObject({ key: "backupRetentionDays", label: "Backup retention days" });
    expect(account).toMatchObject({ key: "recipient_account", label: "Recipient account" });
    expect(plan?.kind === "single-select" && plan.options.map((o) => o.label)).toEqual(["pro", "Free"]);
  });
});
