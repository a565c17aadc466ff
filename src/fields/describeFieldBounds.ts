import type { FieldDescriptor } from "../core/types";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { fillTemplate } from "../messages/fillTemplate";

const NUMBER_OPTIONS: Intl.NumberFormatOptions = { maximumFractionDigits: 20 };
// The page's own number format, made once: a formatter costs far more to make than to use, and a
// long form describes dozens of fields as it mounts.
let pageFormat: Intl.NumberFormat | undefined;
const numberFormat = (locale: string | undefined): Intl.NumberFormat =>
  locale === undefined ? (pageFormat ??= new Intl.NumberFormat(undefined, NUMBER_OPTIONS)) : new Intl.NumberFormat(locale, NUMBER_OPTIONS);

/**
 * What a field accepts, in words, before anything is typed: "A whole number from 0 to 5",
 * "At most 20 characters", "Choose 1 to 3". Undefined for a field without bounds worth saying
 * (a lower bound of 1 on text or options says no more than "not empty"). Numbers are formatted
 * with Intl for `locale` (a valid BCP 47 tag; the reader's language when not given).
 */
export function describeFieldBounds(field: FieldDescriptor, messages: ElicitationMessages, locale?: string): string | undefined {
  let [kind, min, max] =
    field.kind === "number"
      ? [field.integer ? "Integer" : "Number", field.minimum, field.maximum]
      : field.kind === "text"
        ? ["Text", field.minLength, field.maxLength]
        : field.kind === "multi-select"
          ? ["Items", field.minItems, field.maxItems]
          : [];
  // A count (characters, options): 0 says nothing, and 1 with no upper bound only "not empty".
  const counted = kind === "Text" || kind === "Items";
  if (counted && (min === 0 || (min === 1 && max === undefined))) min = undefined;
  const which = min !== undefined && max !== undefined ? (counted && min === max ? "Exact" : "Range") : min !== undefined ? "Min" : max !== undefined ? "Max" : "";
  if (!which) return undefined;
  const { format } = numberFormat(locale);
  const template = messages[`bounds${kind}${which}` as keyof ElicitationMessages] as string;
  return fillTemplate(template, { min: min === undefined ? "" : format(min), max: max === undefined ? "" : format(max) });
}
