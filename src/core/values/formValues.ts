import { fitDateTime, localInputToRfc3339, rfc3339ToLocalInput } from "./dateTime";
import { fieldName, UNREADABLE_NUMBER } from "./initialFormValues";
import { ownProperty } from "../shared/ownProperty";
import type {
  ElicitContent,
  ElicitContentValue,
  FieldDescriptor,
  FormValue,
  FormValues,
  TextFieldDescriptor,
  ValidationCode,
} from "../types";
import type { FoundIssue } from "./FoundIssue";

export { fieldName, initialFormValues, UNREADABLE_NUMBER } from "./initialFormValues";

function issue(field: FieldDescriptor, code: ValidationCode, params: Record<string, unknown> = {}): FoundIssue {
  return { field: field.key, code, params };
}

type Converted = { value: ElicitContentValue } | { issue: FoundIssue } | undefined;

/**
 * Turns raw input values into protocol content. An optional field left empty is omitted (never ""
 * or 0); a required one gets a "required" issue. A checkbox always sends what it shows. Values that
 * cannot even be converted (not a number, not a date-time) get an issue here, as codes and
 * parameters; every other rule is left to the check (validation/).
 */
export function convertFormValues(fields: readonly FieldDescriptor[], values: FormValues): { content: ElicitContent; issues: FoundIssue[] } {
  const entries: [string, ElicitContentValue][] = [];
  const issues: FoundIssue[] = [];
  for (const field of fields) {
    const result = convert(field, ownProperty(values, fieldName(field)));
    if (result === undefined) continue;
    if ("issue" in result) issues.push(result.issue);
    else entries.push([field.key, result.value]);
  }
  return { content: Object.fromEntries(entries) as ElicitContent, issues };
}

function convert(field: FieldDescriptor, raw: unknown): Converted {
  const empty = () => (field.required ? { issue: issue(field, "required") } : undefined);
  switch (field.kind) {
    case "boolean":
      return { value: raw === true };
    case "multi-select": {
      const chosen = Array.isArray(raw) ? raw.filter((v): v is string => typeof v === "string") : [];
      return chosen.length === 0 ? empty() : { value: [...chosen] };
    }
    case "number": {
      const type = { type: field.integer ? "integer" : "number" };
      if (raw === UNREADABLE_NUMBER) return { issue: issue(field, "type", type) };
      const text = typeof raw === "string" ? raw.trim() : "";
      if (text === "") return empty();
      const n = Number(text);
      // Number("Infinity") is a number, but not one JSON can carry.
      if (!Number.isFinite(n)) return { issue: issue(field, "type", type) };
      if (field.integer && !Number.isInteger(n)) return { issue: issue(field, "integer") };
      // Beyond 2^53 whole numbers are rounded (…993 would be sent as …992): refuse, never change.
      if (Number.isInteger(n) && !Number.isSafeInteger(n)) {
        return n > 0
          ? { issue: issue(field, "maximum", { limit: Number.MAX_SAFE_INTEGER }) }
          : { issue: issue(field, "minimum", { limit: Number.MIN_SAFE_INTEGER }) };
      }
      return { value: n };
    }
    case "text": {
      const text = typeof raw === "string" ? raw : "";
      if (text === "") return empty();
      if (field.format !== "date-time") return { value: text };
      return convertDateTime(field, text);
    }
    case "file":
    case "single-select": {
      const text = typeof raw === "string" ? raw : "";
      return text === "" ? empty() : { value: text };
    }
  }
}

/**
 * A `datetime-local` value as the RFC 3339 text the schema accepts. An untouched default is sent
 * exactly as the server wrote it (its "Z", its leap second); otherwise the local time with its
 * offset, or the same instant in UTC when `maxLength` leaves no room for an offset.
 */
function convertDateTime(field: TextFieldDescriptor, text: string): Converted {
  if (field.default !== undefined && text === rfc3339ToLocalInput(field.default)) return { value: field.default };
  const local = localInputToRfc3339(text);
  if (local === undefined) return { issue: issue(field, "format", { format: "date-time" }) };
  return { value: fitDateTime(local, field.minLength, field.maxLength) ?? local };
}
