import type { FieldDescriptor } from "../core/types";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { fillTemplate } from "../messages/fillTemplate";

type BoundsKeys = { range: keyof ElicitationMessages; min: keyof ElicitationMessages; max: keyof ElicitationMessages; exact?: keyof ElicitationMessages };

const NUMBER: BoundsKeys = { range: "boundsNumberRange", min: "boundsNumberMin", max: "boundsNumberMax" };
const INTEGER: BoundsKeys = { range: "boundsIntegerRange", min: "boundsIntegerMin", max: "boundsIntegerMax" };
const TEXT: BoundsKeys = { range: "boundsTextRange", min: "boundsTextMin", max: "boundsTextMax", exact: "boundsTextExact" };
const ITEMS: BoundsKeys = { range: "boundsItemsRange", min: "boundsItemsMin", max: "boundsItemsMax", exact: "boundsItemsExact" };

/**
 * What a field accepts, in words, before anything is typed: "A whole number from 0 to 5",
 * "At most 20 characters", "Choose 1 to 3". Undefined for a field without bounds worth saying
 * (a lower bound of 1 on text or options says no more than "not empty"). Numbers are formatted
 * with Intl for `locale` (the reader's language when not given).
 */
export function describeFieldBounds(field: FieldDescriptor, messages: ElicitationMessages, locale?: string): string | undefined {
  let min: number | undefined;
  let max: number | undefined;
  let keys: BoundsKeys;
  if (field.kind === "number") {
    ({ minimum: min, maximum: max } = field);
    keys = field.integer ? INTEGER : NUMBER;
  } else if (field.kind === "text") {
    ({ minLength: min, maxLength: max } = field);
    keys = TEXT;
  } else if (field.kind === "multi-select") {
    ({ minItems: min, maxItems: max } = field);
    keys = ITEMS;
  } else {
    return undefined;
  }
  if (keys !== NUMBER && keys !== INTEGER && min !== undefined && min <= 1 && max === undefined) return undefined;
  if (keys !== NUMBER && keys !== INTEGER && min === 0) min = undefined;
  const format = numberFormat(locale);
  const values = { min: min === undefined ? "" : format(min), max: max === undefined ? "" : format(max) };
  const pick =
    min !== undefined && max !== undefined ? (min === max && keys.exact ? keys.exact : keys.range) : min !== undefined ? keys.min : max !== undefined ? keys.max : undefined;
  return pick ? fillTemplate(messages[pick] as string, values) : undefined;
}

function numberFormat(locale: string | undefined): (value: number) => string {
  try {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
    return (value) => intl.format(value);
  } catch {
    // An unknown language tag: digits as JavaScript writes them.
    return String;
  }
}
