import type { FormChecks } from "../core/loading/loadFormChecks";
import type { FieldDescriptor, FormValue } from "../core/types";
import type { KnownDataUris } from "../core/values/dataUri";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import type { StepMessages } from "../messages/stepMessages";

/**
 * One answer as the person sees it under review: option labels, not values; yes or no; a file by its
 * name and size, as its field shows it (its bytes, megabytes of base64, are never drawn as text);
 * "Not answered". `locale` words the size; a file the form read is described from what was learnt
 * as it was read (`known`), without reading its characters again. `checks`: the form's checking
 * code (loadFormChecks.ts), which reads a file's data: URI and words its size.
 */
export function describeAnswer(
  { knownDataUri, parseDataUri, dataUriByteLength, formatFileSize }: Pick<FormChecks, "knownDataUri" | "parseDataUri" | "dataUriByteLength" | "formatFileSize">,
  field: FieldDescriptor,
  value: FormValue | undefined,
  messages: StepMessages & Pick<ElicitationMessages, "fileUnnamed">,
  locale?: string,
  known?: KnownDataUris,
): string {
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
    case "file": {
      const read = typeof value === "string" ? knownDataUri(known, field.key, value) : undefined;
      const info = read?.info ?? (typeof value === "string" && value !== "" ? parseDataUri(value) : undefined);
      // Only the header is read; anything that is not a data: URI is no file to show.
      if (info === undefined) return messages.stepNoAnswer;
      return `${info.name || messages.fileUnnamed} (${formatFileSize(read?.byteLength ?? dataUriByteLength(value as string, info), locale)})`;
    }
    default:
      return typeof value === "string" && value !== "" ? value : messages.stepNoAnswer;
  }
}
