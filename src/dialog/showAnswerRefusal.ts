import type { UseFormReturn } from "react-hook-form";
import type { FieldDescriptor, FormValues } from "../core/types";
import { fieldName } from "../core/values/initialFormValues";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { defaultDeliveryMessages } from "../messages/deliveryMessages";

/**
 * Puts a refused answer's errors where the form's own errors go: each onto its field (aria-invalid,
 * its message linked by aria-describedby), focus to the first field in the form's order; what names
 * no field of this form, or any other failure, becomes the form's own alert. What was typed stays.
 */
export function showAnswerRefusal(form: UseFormReturn<FormValues>, fields: readonly FieldDescriptor[], error: unknown, messages: ElicitationMessages): void {
  if (!(error instanceof Error && error.name === "ElicitationAnswerRefused")) {
    form.setError("root", { type: "notSent", message: messages.answerNotSent ?? defaultDeliveryMessages.answerNotSent });
    return;
  }
  // Matched by own key only: a server's "__proto__" or "constructor" names no field.
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const onFields = new Map<FieldDescriptor, string>();
  let unmatched: string | undefined;
  for (const { field, message } of (error as unknown as { errors: { field: string; message: string }[] }).errors) {
    const target = byKey.get(field);
    if (target === undefined) unmatched ??= message;
    else if (!onFields.has(target)) onFields.set(target, message);
  }
  const ordered = [...onFields.keys()].sort((a, b) => a.index - b.index);
  // Set in reverse so that the last call, the one that takes focus, is the first field.
  for (const [position, field] of [...ordered.entries()].reverse()) {
    form.setError(fieldName(field), { type: "refused", message: onFields.get(field)! }, { shouldFocus: position === 0 });
  }
  if (unmatched !== undefined || ordered.length === 0) {
    form.setError("root", { type: "refused", message: unmatched ?? messages.answerRefused ?? defaultDeliveryMessages.answerRefused });
  }
}
