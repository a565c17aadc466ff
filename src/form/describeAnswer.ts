import type { FieldDescriptor, FormValue } from "../core/types";
import { UNREADABLE_NUMBER } from "../core/values/initialFormValues";
import type { ElicitationMessages } from "../messages/ElicitationMessages";

/** One answer as the person sees it under review: option labels, not values; yes or no; "Not answered". */
export function describeAnswer(field: FieldDescriptor, value: FormValue | undefined, messages: ElicitationMessages): string {
  switch (field.kind) {
    case "boolean":
      return value === true ? messages.stepYes : messages.stepNo;
    case "single-select":
      return field.options.find((option) => option.value === value)?.label ?? messages.stepNoAnswer;
    case "multi-select": {
      const chosen = Array.isArray(value) ? field.options.filter((option) => value.includes(option.value)) : [];
      return chosen.length > 0 ? chosen.map((option) => option.label).join(", ") : messages.stepNoAnswer;
    }
    default:
      return typeof value === "string" && value !== "" && value !== UNREADABLE_NUMBER ? value : messages.stepNoAnswer;
  }
}
