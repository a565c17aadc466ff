import type { FormValues } from "../types";

/**
 * A copy of a form's values holding only what a field can hold (text, a checkbox's boolean, a
 * multi-select's strings): what the stores keep cannot be changed behind them or carry anything else.
 */
export function copyFormValues(values: FormValues): FormValues {
  const out: FormValues = {};
  for (const key of Object.keys(values)) {
    const value = values[key];
    if (typeof value === "string" || typeof value === "boolean") out[key] = value;
    else if (Array.isArray(value)) out[key] = value.filter((item): item is string => typeof item === "string");
  }
  return out;
}
