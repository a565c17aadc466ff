import type { UseFormReturn } from "react-hook-form";
import type { FieldDescriptor, FormValues } from "../core/types";
import { fieldName } from "../core/values/initialFormValues";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { defaultDeliveryMessages } from "../messages/deliveryMessages";
import type { loadFormChecks } from "../core/loading/loadFormChecks";
import { hasOwn } from "../core/shared/ownProperty";
import type { ValidationCode } from "../core/types";

/**
 * Puts a refused answer's errors where the form's own errors go: each onto its field (aria-invalid,
 * its message linked by aria-describedby), focus to the first field in the form's order; what names
 * no field of this form, or any other failure, becomes the form's own alert. What was typed stays.
 * A rule the form knows is worded by the form's checking code (loadFormChecks.ts), which every form
 * has loaded by then; taken from it, not imported, so that bundlers keep that wording in its chunk.
 */
export async function showAnswerRefusal(
  form: UseFormReturn<FormValues>,
  fields: readonly FieldDescriptor[],
  error: unknown,
  messages: ElicitationMessages,
  /** Handed in: importing it here would make bundlers split it out of the first bundle. */
  load: typeof loadFormChecks,
): Promise<void> {
  // Known by its name, not its class: importing the class here would make bundlers load it with
  // every dialog. Its errors are read as untrusted all the same (a look-alike gets no further).
  const refusal = error instanceof Error && error.name === "ElicitationAnswerRefused" ? (error as { errors?: unknown; sent?: unknown }) : undefined;
  // A refusal that never reached its receiver (AnswerNotSent) says so, as any other failure does.
  const errors: unknown = refusal?.sent === false ? undefined : refusal?.errors;
  if (!Array.isArray(errors)) {
    form.setError("root", { type: "notSent", message: messages.answerNotSent ?? defaultDeliveryMessages.answerNotSent });
    return;
  }
  let checks;
  try {
    checks = await load();
  } catch {
    // Could not load: the part of the page that words it is missing, as the form says then.
    form.setError("root", { message: messages.validationUnavailable });
    return;
  }
  const { defaultValidationMessages, describeValidationIssue } = checks;
  // Matched by own key only: a server's "__proto__" or "constructor" names no field.
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const onFields = new Map<FieldDescriptor, string>();
  let unmatched: string | undefined;
  for (const entry of errors.slice(0, 100)) {
    const field: unknown = entry?.field;
    const message: unknown = entry?.message;
    if (typeof field !== "string" || typeof message !== "string" || message === "") continue;
    const target = byKey.get(field);
    const code: unknown = entry?.code;
    // A rule the form knows is worded as the form words its own errors: in the person's language.
    const text =
      target !== undefined && typeof code === "string" && hasOwn(defaultValidationMessages, code)
        ? describeValidationIssue({ code: code as ValidationCode, params: { ...entry.params } }, target.label, messages.validation)
        : message.slice(0, 1_000);
    if (target === undefined) unmatched ??= text;
    else if (!onFields.has(target)) onFields.set(target, text);
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
