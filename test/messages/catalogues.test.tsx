import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { defaultValidationMessages, type ValidationMessages } from "../../src/core/validation/validationMessages";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { ElicitationForm } from "../../src/form/ElicitationForm";
import { defaultMessages } from "../../src/messages/defaultMessages";
import { defaultUrlMessages } from "../../src/messages/urlMessages";
import type { ElicitationMessages } from "../../src/messages/ElicitationMessages";
import { loadLocaleMessages } from "../../src/messages/loadLocaleMessages";
import { deMessages } from "../../src/messages/locales/de";
import { esMessages } from "../../src/messages/locales/es";
import { frMessages } from "../../src/messages/locales/fr";
import { jaMessages } from "../../src/messages/locales/ja";
import { ptBRMessages } from "../../src/messages/locales/ptBR";
import { zhHansMessages } from "../../src/messages/locales/zhHans";
import { resolveLocale, type MessageLocale } from "../../src/messages/resolveLocale";
import { contactInfo } from "../fixtures/seedRequests";

const CATALOGUES: [MessageLocale, ElicitationMessages][] = [
  ["de", deMessages],
  ["fr", frMessages],
  ["es", esMessages],
  ["ja", jaMessages],
  ["zh-Hans", zhHansMessages],
  ["pt-BR", ptBRMessages],
];

/**
 * Strings a translation may leave as in English, each with its reason. Anything else equal to the
 * English wording is an untranslated string.
 */
const SAME_AS_ENGLISH: Record<string, string> = {
  "*:requiredMarker": "a symbol, not a word",
  "*:attentionTitleBadge": "a count before the page's own title, no words",
};
const mayEqualEnglish = (locale: string, key: string) => `*:${key}` in SAME_AS_ENGLISH || `${locale}:${key}` in SAME_AS_ENGLISH;

// URL mode's body words its own defaults (they load with it), yet every catalogue words them too.
const english = { ...defaultMessages, ...defaultUrlMessages };
const uiKeys = Object.keys(english).filter((key) => key !== "validation") as Exclude<keyof ElicitationMessages, "validation">[];
const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();

/** Every way a validation message can be asked for: each rule, each format and type it words apart. */
const VALIDATION_SAMPLES: [keyof ValidationMessages, Record<string, unknown>][] = [
  ...(Object.keys(defaultValidationMessages) as (keyof ValidationMessages)[]).map(
    (code) => [code, { limit: 3, accept: ".pdf, image/*" }] as [keyof ValidationMessages, Record<string, unknown>],
  ),
  ...["email", "uri", "date", "date-time", "data-uri", "unknown-format"].map(
    (format) => ["format", { format }] as [keyof ValidationMessages, Record<string, unknown>],
  ),
  ...["number", "integer", "string", "boolean", "array", "object", "unknown-type"].map(
    (type) => ["type", { type }] as [keyof ValidationMessages, Record<string, unknown>],
  ),
];

describe.each(CATALOGUES)("the %s catalogue", (locale, messages) => {
  it("words every string and every validation rule the English default has", () => {
    for (const key of uiKeys) {
      expect(typeof messages[key], `${locale}: ${key}`).toBe("string");
      expect((messages[key] as string).trim(), `${locale}: ${key}`).not.toBe("");
    }
    for (const code of Object.keys(defaultValidationMessages)) {
      expect(typeof messages.validation[code as keyof ValidationMessages], `${locale}: validation.${code}`).toBe("function");
    }
  });

  it("keeps exactly the placeholders of each English template", () => {
    for (const key of uiKeys) {
      expect(placeholders(messages[key] as string), `${locale}: ${key}`).toEqual(placeholders(english[key] as string));
    }
  });

  it("translates every string (what stays as in English is listed with a reason)", () => {
    for (const key of uiKeys) {
      if (mayEqualEnglish(locale, key)) continue;
      expect(messages[key], `${locale}: ${key} is still English`).not.toBe(english[key]);
    }
    for (const [code, params] of VALIDATION_SAMPLES) {
      const english = defaultValidationMessages[code]({ label: "Name", ...params });
      const translated = messages.validation[code]!({ label: "Name", ...params });
      expect(translated.trim(), `${locale}: validation.${code} ${JSON.stringify(params)}`).not.toBe("");
      if (mayEqualEnglish(locale, `validation.${code}`)) continue;
      expect(translated, `${locale}: validation.${code} ${JSON.stringify(params)} is still English`).not.toBe(english);
    }
  });

  it("writes numbers and file sizes in its own notation, through Intl", () => {
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(12345.5);
    expect(messages.validation.minimum!({ label: "x", limit: 12345.5 })).toContain(number);
    expect(messages.validation.maxItems!({ label: "x", limit: 12345.5 })).toContain(number);
    const size = new Intl.NumberFormat(locale, { style: "unit", unit: "megabyte", unitDisplay: "short", maximumFractionDigits: 1 }).format(2.5);
    expect(messages.validation.fileSize!({ label: "x", limit: 2_500_000 })).toContain(size);
  });

  it("is what the `locale` tag loads", async () => {
    await expect(loadLocaleMessages(resolveLocale(locale))).resolves.toBe(messages);
  });
});

describe("plural forms come from Intl.PluralRules", () => {
  it("French says 1 caractère, 2 caractères (and 0 caractère, as CLDR has it)", () => {
    expect(frMessages.validation.minLength!({ label: "x", limit: 1 })).toBe("Utilisez au moins 1 caractère");
    expect(frMessages.validation.minLength!({ label: "x", limit: 0 })).toBe("Utilisez au moins 0 caractère");
    expect(frMessages.validation.minLength!({ label: "x", limit: 2 })).toBe("Utilisez au moins 2 caractères");
  });

  it("Spanish, Portuguese and English switch at one", () => {
    expect(esMessages.validation.maxLength!({ label: "x", limit: 1 })).toBe("Use como máximo 1 carácter");
    expect(esMessages.validation.maxLength!({ label: "x", limit: 5 })).toBe("Use como máximo 5 caracteres");
    expect(ptBRMessages.validation.minLength!({ label: "x", limit: 1 })).toBe("Use pelo menos 1 caractere");
    expect(ptBRMessages.validation.minLength!({ label: "x", limit: 1000 })).toBe("Use pelo menos 1.000 caracteres");
    expect(defaultValidationMessages.minLength({ label: "x", limit: 1 })).toBe("Use at least 1 character");
    expect(defaultValidationMessages.minLength({ label: "x", limit: 2 })).toBe("Use at least 2 characters");
  });
});

describe("resolveLocale", () => {
  it.each([
    ["fr", "fr"],
    ["fr-CA", "fr"],
    ["FR_ch", "fr"],
    ["es-419", "es"],
    ["ja-JP", "ja"],
    ["zh-Hans", "zh-Hans"],
    ["zh", "zh-Hans"],
    ["zh-CN", "zh-Hans"],
    ["zh-Hans-SG", "zh-Hans"],
    ["zh-TW", "en"],
    ["zh-Hant-HK", "en"],
    ["pt-BR", "pt-BR"],
    ["pt", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["de-AT", "de"],
    ["en-GB", "en"],
    ["ar", "en"],
    ["tlh", "en"],
    ["", "en"],
    [undefined, "en"],
  ])("%s → %s", (tag, expected) => {
    expect(resolveLocale(tag)).toBe(expected);
  });
});

describe("locale chooses the wording", () => {
  it.each(CATALOGUES.filter(([locale]) => locale !== "de"))(
    "%s: the dialog is drawn in its language from the first frame it shows",
    async (locale, messages) => {
      const onResponse = vi.fn();
      const seen: string[] = [];
      const observer = new MutationObserver(() => {
        const button = document.querySelector('[data-action="accept"]');
        if (button?.textContent) seen.push(button.textContent);
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      render(<ElicitationDialog serverName="Srv" request={contactInfo} onResponse={onResponse} locale={locale} />);
      const title = messages.dialogTitle.replace("{server}", "Srv");
      expect(await screen.findByRole("dialog", { name: title })).toHaveAttribute("lang", locale);
      observer.disconnect();
      // Never English first: every Submit button drawn was already in the chosen language.
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen)).toEqual(new Set([messages.submit]));
      await userEvent.setup().click(screen.getByRole("button", { name: messages.submit }));
      await waitFor(() => expect(screen.getAllByText(messages.validation.required!({ label: "x" })).length).toBeGreaterThan(0));
      expect(onResponse).not.toHaveBeenCalled();
    },
  );

  it("fr-CA falls back to French, and the host's own strings still win", async () => {
    render(<ElicitationForm schema={contactInfo.requestedSchema} onSubmit={vi.fn()} locale="fr-CA" messages={{ submit: "Valider" }} />);
    expect(await screen.findByRole("button", { name: "Valider" })).toBeVisible();
    expect(screen.getByText("Les champs marqués d’un * sont obligatoires.")).toBeVisible();
    expect(document.querySelector("form")).toHaveAttribute("lang", "fr-CA");
  });

  it("a host that passes a whole catalogue as messages is drawn at once, without waiting for a chunk", () => {
    render(<ElicitationDialog serverName="Srv" request={contactInfo} onResponse={vi.fn()} locale="ja" messages={jaMessages} />);
    expect(screen.getByRole("dialog", { name: "Srv が情報の入力を求めています" })).toHaveAttribute("lang", "ja");
  });

  it("an unknown tag draws English at once", () => {
    render(<ElicitationForm schema={contactInfo.requestedSchema} onSubmit={vi.fn()} locale="tlh" />);
    expect(screen.getByRole("button", { name: "Submit" })).toBeVisible();
  });
});
