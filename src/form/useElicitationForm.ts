import { useEffect, useMemo, useRef, type BaseSyntheticEvent } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import type { ElicitationSchemaError } from "../core/ElicitationSchemaError";
import { initialFormValues, validateFormValues } from "../core/formValues";
import { parseElicitationSchema } from "../core/parseElicitationSchema";
import type { ElicitContent, FieldDescriptor, FormValues, ParsedElicitationSchema } from "../core/types";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { resolveMessages, type ElicitationMessagesInput } from "../messages/resolveMessages";

export interface UseElicitationFormOptions {
  messages?: ElicitationMessagesInput;
  /** Starting values (form names `f0`, `f1`, …) instead of the schema's defaults, e.g. to restore earlier input. */
  values?: FormValues;
  /** Starting values as protocol content (e.g. an answer to preview); keys it lacks start empty. Wins over defaults. */
  content?: ElicitContent;
}

export interface UseElicitationFormResult {
  /** Set when the schema is not a valid elicitation schema; nothing else is usable then. */
  error: ElicitationSchemaError | undefined;
  schema: ParsedElicitationSchema | undefined;
  fields: FieldDescriptor[];
  /** The react-hook-form instance (values keyed `f${index}`). */
  form: ReturnType<typeof useForm<FormValues>>;
  messages: ElicitationMessages;
  /** Validates everything; calls `onAccept` with protocol content only when valid, else shows errors and focuses the first. */
  handleAccept: (onAccept: (content: ElicitContent) => void) => (event?: BaseSyntheticEvent) => Promise<void>;
}

/** The fields with `content` in place of their defaults, so they start out showing it. */
function fieldsShowing(fields: FieldDescriptor[], content: ElicitContent | undefined): FieldDescriptor[] {
  if (!content) return fields;
  return fields.map(
    (field) => ({ ...field, default: Object.prototype.hasOwnProperty.call(content, field.key) ? content[field.key] : undefined }) as FieldDescriptor,
  );
}

function isParsed(schema: unknown): schema is ParsedElicitationSchema {
  return typeof schema === "object" && schema !== null && "fields" in schema && "jsonSchema" in schema && "cacheKey" in schema;
}

/**
 * The headless form: parses the schema once per schema object, seeds react-hook-form with the
 * defaults, and validates through the core (ajv) so the dialog, inline forms and servers agree.
 */
export function useElicitationForm(schema: unknown, options: UseElicitationFormOptions = {}): UseElicitationFormResult {
  const parse = useMemo(() => (isParsed(schema) ? ({ ok: true, schema } as const) : parseElicitationSchema(schema)), [schema]);
  const parsed = parse.ok ? parse.schema : undefined;
  const messages = useMemo(() => resolveMessages(options.messages), [options.messages]);

  // The resolver reads the latest schema and wording without being re-created.
  const latest = useRef({ parsed, messages });
  latest.current = { parsed, messages };
  const resolver = useRef<Resolver<FormValues>>(async (values) => {
    const current = latest.current.parsed;
    if (!current) return { values: {}, errors: {} };
    const { content, errors } = validateFormValues(current, values, latest.current.messages.validation);
    const names = Object.keys(errors);
    // Form names (f0, f1, …) only: server keys never pass through react-hook-form's object copies.
    if (names.length === 0) return { values, errors: {} };
    const fieldErrors: FieldErrors<FormValues> = {};
    for (const name of names) {
      const issue = errors[name]!;
      fieldErrors[name] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: fieldErrors };
  }).current;

  const form = useForm<FormValues>({
    mode: "onTouched",
    reValidateMode: "onChange",
    shouldFocusError: true,
    defaultValues: parsed ? { ...initialFormValues(fieldsShowing(parsed.fields, options.content)), ...options.values } : {},
    resolver,
  });

  // A new schema object (a new request in the same component) starts from its own defaults.
  const seeded = useRef(parsed);
  useEffect(() => {
    if (seeded.current === parsed) return;
    seeded.current = parsed;
    form.reset(parsed ? initialFormValues(parsed.fields) : {});
  }, [parsed, form]);

  const handleAccept = useMemo(
    () => (onAccept: (content: ElicitContent) => void) =>
      form.handleSubmit(() => {
        // Rebuilt from the raw values rather than taken from react-hook-form, which copies objects
        // by assignment and would drop (or worse, apply) a server key named "__proto__".
        const current = latest.current.parsed;
        if (!current) return;
        const { content, errors } = validateFormValues(current, form.getValues(), latest.current.messages.validation);
        if (Object.keys(errors).length === 0) onAccept(content);
      }),
    [form],
  );

  return {
    error: parse.ok ? undefined : parse.error,
    schema: parsed,
    fields: parsed?.fields ?? [],
    form,
    messages,
    handleAccept,
  };
}
