// Fields that look like secrets get a visible warning; a host can decline such requests outright.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { detectSensitiveField, detectSensitiveText } from "../../src/core/request/sensitiveFields";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import * as seeds from "../fixtures/seedRequests";
import { serverEverythingForm } from "../fixtures/serverEverythingForm";
import { renderDialog } from "../renderDialog";

describe("detectSensitiveText", () => {
  it.each([
    ["password", "password"],
    ["userPassword", "password"],
    ["Passphrase", "password"],
    ["PIN code", "password"],
    ["api_key", "apiKey"],
    ["OpenAI API Key", "apiKey"],
    ["privateKey", "apiKey"],
    ["accessToken", "token"],
    ["GitHub personal access token", "token"],
    ["bearer-token", "token"],
    ["clientSecret", "secret"],
    ["Recovery phrase", "secret"],
    ["cardNumber", "cardNumber"],
    ["Credit card", "cardNumber"],
    ["CVV", "cardCode"],
    ["Security code (3 digits)", "cardCode"],
    ["ssn", "nationalId"],
    ["Social Security Number", "nationalId"],
    ["Passport number", "nationalId"],
    ["national_id", "nationalId"],
  ])("%s → %s", (text, kind) => {
    expect(detectSensitiveText(text)).toBe(kind);
  });

  it.each([
    "Tracking number", "Account number", "Routing number", "Order number", "Phone number", "Username", "Email",
    "Tokenizer model", "Keyboard layout", "Passenger name", "Company", "Spinning speed", "Description of the secretary role",
  ])("%s is not flagged", (text) => {
    expect(detectSensitiveText(text)).toBeUndefined();
  });

  it("flags no field of any seed example (bank transfer's account number included, by decision)", () => {
    for (const [name, request] of Object.entries(seeds)) {
      const schema = (request as { requestedSchema?: unknown }).requestedSchema;
      if (schema === undefined) continue;
      const parsed = parseElicitationSchema(schema);
      if (!parsed.ok) continue;
      expect([name, parsed.schema.fields.filter((f) => f.sensitive).map((f) => f.key)]).toEqual([name, []]);
    }
  });

  it("only text and number fields are flagged; a choice or a checkbox cannot carry a secret", () => {
    expect(detectSensitiveField({ key: "token" })).toBe("token");
    const parsed = parseElicitationSchema({
      type: "object",
      properties: {
        password: { type: "string" },
        pin: { type: "integer" },
        rememberPassword: { type: "boolean" },
        authMethod: { type: "string", title: "Password or token?", enum: ["password", "token"] },
      },
    });
    expect(parsed.ok && parsed.schema.fields.map((f) => [f.key, f.sensitive])).toEqual([
      ["password", "password"],
      ["pin", "password"],
      ["rememberPassword", undefined],
      ["authMethod", undefined],
    ]);
  });
});

const askingForSecrets = {
  message: "Connect your account",
  requestedSchema: {
    type: "object",
    properties: {
      username: { type: "string", title: "Username" },
      apiKey: { type: "string", title: "API key" },
      card: { type: "string", title: "Card", description: "Your credit card number" },
    },
  },
};

describe("the warning in the dialog", () => {
  it("is visible under each flagged field and part of its description", () => {
    renderDialog(askingForSecrets);
    const apiKey = screen.getByLabelText("API key");
    expect(apiKey).toHaveAccessibleDescription(/This looks like an API key\. MCP servers are not allowed to ask/);
    const card = screen.getByLabelText("Card");
    expect(card).toHaveAccessibleDescription(/This looks like a payment card number/);
    expect(screen.getByLabelText("Username")).not.toHaveAccessibleDescription(/This looks like/);
    expect(document.querySelectorAll(".rme-field__warning")).toHaveLength(2);
  });

  it("is worded through messages", () => {
    renderDialog(askingForSecrets, { messages: { sensitiveFieldWarning: "Careful: {kind}!", sensitiveKindApiKey: "a key" } });
    expect(screen.getByLabelText("API key")).toHaveAccessibleDescription("Careful: a key!");
  });

  it('sensitiveFields="decline" answers decline at once and shows nothing', () => {
    const { onResponse } = renderDialog(askingForSecrets, { sensitiveFields: "decline" });
    expect(onResponse).toHaveBeenCalledTimes(1);
    expect(onResponse).toHaveBeenCalledWith({ action: "decline" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it('sensitiveFields="decline" leaves ordinary requests alone', () => {
    const { onResponse } = renderDialog(seeds.contactInfo, { sensitiveFields: "decline" });
    expect(onResponse).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});

describe("the queue option", () => {
  it('sensitiveFields: "decline" answers without queueing, and says why in the audit trail', async () => {
    const events: unknown[] = [];
    const queue = createElicitationQueue({ sensitiveFields: "decline", onEvent: (e) => events.push(e) });
    await expect(queue.request({ serverName: "s", params: askingForSecrets })).resolves.toEqual({ action: "decline" });
    expect(queue.getSnapshot().entries).toHaveLength(0);
    expect(events).toMatchObject([{ type: "answered", action: "decline", cause: "sensitive" }]);
    void queue.request({ serverName: "s", params: seeds.contactInfo });
    expect(queue.getSnapshot().entries).toHaveLength(1);
    queue.close();
  });
});

describe("disguises, German wording and warnings that are not requests", () => {
  it.each([
    ["GitHub pass\u00ADword", "password"],
    ["GitHub pass\u200Bword", "password"],
    ["GitHub pass\u2060word", "password"],
    ["GitHub p\u0430ssw\u043Erd", "password"],
    ["GitHub ｐａｓｓｗｏｒｄ", "password"],
    ["API\u00ADkey", "apiKey"],
    ["C\u200BV\u200BV", "cardCode"],
    ["Passwort", "password"],
    ["Kennwort", "password"],
    ["Geheimzahl", "password"],
    ["WLAN-Passwort", "password"],
    ["Deploy key", "apiKey"],
  ])("%s → %s", (text, kind) => {
    expect(detectSensitiveText(text)).toBe(kind);
  });

  it("the reference server's standard form is not flagged: its description warns, it does not ask", () => {
    const parsed = parseElicitationSchema(serverEverythingForm.requestedSchema);
    expect(parsed.ok && parsed.schema.fields.filter((f) => f.sensitive).map((f) => f.key)).toEqual([]);
  });

  it('under sensitiveFields: "decline" the reference server\'s form is shown, not declined', () => {
    const { onResponse } = renderDialog(serverEverythingForm, { sensitiveFields: "decline" });
    expect(onResponse).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("a description that asks for the thing still counts", () => {
    expect(detectSensitiveField({ key: "value", title: "Value", description: "Paste your API key here" })).toBe("apiKey");
    expect(detectSensitiveField({ key: "value", title: "Value", description: "Never share this. Enter your PIN" })).toBe("password");
  });
});
