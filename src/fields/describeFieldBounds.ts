import type { FieldDescriptor } from "../core/types";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { fillTemplate } from "../messages/fillTemplate";

const NUMBER_OPTIONS: Intl.NumberFormatOptions = { maximumFractionDigits: 20 };
/** How many of the page's formatted numbers are kept (bounds repeat: 0, 100, the same limits field after field). */
const KEPT_NUMBERS = 256;

/** Formats numbers for one locale, each distinct number once. */
function createNumberWords(locale: string | undefined): (value: number) => string {
  const { format } = new Intl.NumberFormat(locale, NUMBER_OPTIONS);
  const kept = new Map<number, string>();
  return (value) => {
    let text = kept.get(value);
    if (text === undefined) {
      if (kept.size >= KEPT_NUMBERS) kept.clear();
      kept.set(value, (text = format(value)));
    }
    return text;
  };
}

// The page's own number format, made once: a formatter costs far more to make than to use, a long
// form describes dozens of fields as it mounts, and even using it (ICU) costs microseconds a number.
let pageNumbers: ((value: number) => string) | undefined;
const numberWords = (locale: string | undefined): ((value: number) => string) =>
  locale === undefined ? (pageNumbers ??= createNumberWords(undefined)) : createNumberWords(locale);

type BoundsKey = keyof ElicitationMessages & `bounds${string}`;
type Which = "Range" | "Exact" | "Min" | "Max";

// The wording of each kind of bound, by message name: spelled out, so no name is pieced together
// for each field a form draws. A number whose minimum is its maximum is said as a range.
const NUMBER: Record<Which, BoundsKey> = { Range: "boundsNumberRange", Exact: "boundsNumberRange", Min: "boundsNumberMin", Max: "boundsNumberMax" };
const INTEGER: Record<Which, BoundsKey> = { Range: "boundsIntegerRange", Exact: "boundsIntegerRange", Min: "boundsIntegerMin", Max: "boundsIntegerMax" };
const TEXT: Record<Which, BoundsKey> = { Range: "boundsTextRange", Exact: "boundsTextExact", Min: "boundsTextMin", Max: "boundsTextMax" };
const ITEMS: Record<Which, BoundsKey> = { Range: "boundsItemsRange", Exact: "boundsItemsExact", Min: "boundsItemsMin", Max: "boundsItemsMax" };

/**
 * What a field accepts, in words, before anything is typed: "A whole number from 0 to 5",
 * "At most 20 characters", "Choose 1 to 3". Undefined for a field without bounds worth saying
 * (a lower bound of 1 on text or options says no more than "not empty"). Numbers are formatted
 * with Intl for `locale` (a valid BCP 47 tag; the reader's language when not given).
 */
export function describeFieldBounds(field: FieldDescriptor, messages: ElicitationMessages, locale?: string): string | undefined {
  let keys: Record<Which, BoundsKey>;
  let min: number | undefined;
  let max: number | undefined;
  if (field.kind === "number") {
    keys = field.integer ? INTEGER : NUMBER;
    min = field.minimum;
    max = field.maximum;
  } else {
    if (field.kind === "text") {
      keys = TEXT;
      min = field.minLength;
      max = field.maxLength;
    } else if (field.kind === "multi-select") {
      keys = ITEMS;
      min = field.minItems;
      max = field.maxItems;
    } else return undefined;
    // A count (characters, options): 0 says nothing, and 1 with no upper bound only "not empty".
    if (min === 0 || (min === 1 && max === undefined)) min = undefined;
  }
  if (min === undefined && max === undefined) return undefined;
  const which: Which = min === undefined ? "Max" : max === undefined ? "Min" : min === max ? "Exact" : "Range";
  const format = numberWords(locale);
  return fillTemplate(messages[keys[which]], { min: min === undefined ? "" : format(min), max: max === undefined ? "" : format(max) });
}
