import { formatFileSize } from "../../core/shared/formatFileSize";

/** Plural categories a catalogue words; "other" is always needed. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * Numbers, plurals and file sizes in one language, through Intl (Intl.NumberFormat,
 * Intl.PluralRules): a catalogue never picks a plural form or a decimal separator by hand.
 */
export function formatters(locale: string) {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
  const plurals = new Intl.PluralRules(locale);
  const number = (value: unknown) => (typeof value === "number" ? numbers.format(value) : String(value));
  return {
    number,
    /** The word for `value` things: `forms[category]`, else `forms.other`. */
    plural: (value: unknown, forms: PluralForms) => (typeof value === "number" ? (forms[plurals.select(value)] ?? forms.other) : forms.other),
    size: (value: unknown) => (typeof value === "number" ? formatFileSize(value, locale) : String(value)),
  };
}
