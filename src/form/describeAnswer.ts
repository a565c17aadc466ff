import type { FieldDescriptor, FormValue } from "../core/types";
import type { StepMessages } from "../messages/stepMessages";

/** One answer as the person sees it under review: option labels, not values; yes or no; "Not answered". */
export function describeAnswer(field: FieldDescriptor, value: FormValue | undefined, messages: StepMessages): string {
  switch (field.kind) {
    case "boolean":
      return value === true ? messages.stepYes : messages.stepNo;
    case "single-select":
      return field.options.find((option) => option.value === value)?.label ?? messages.stepNoAnswer;
    case "multi-select": {
      const chosen = Array.isArray(value) ? field.options.filter((option) => value.includes(option.value)) : [];
      return chosen.length > 0 ? chosen.map((option) => option.label).join(", ") : messages.stepNoAnswer;
    }
    case "number":
      // Text the browser could not read as a number is no answer to show.
      return typeof value === "string" && value !== "" && Number.isFinite(Number(value)) ? value : messages.stepNoAnswer;
    default:
      return typeof value === "string" && value !== "" ? value : messages.stepNoAnswer;
  }
}
