import { useEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { isParsedSchema } from "../core/request/isParsedSchema";
import type { ElicitationSchemaError } from "../core/request/ElicitationSchemaError";
import { initialFormValues } from "../core/values/initialFormValues";
import { loadContentValidator, loadFormValuesCheck, prepareContentValidator } from "../core/loading/loadValidation";
import { parseElicitationSchema } from "../core/request/parseElicitationSchema";
import type { ElicitContent, FieldDescriptor, FormValues, ParsedElicitationSchema, ValidationIssue } from "../core/types";
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
  /**
   * Keys of fields whose `pattern` this page could not check (it ran past its deadline, or no worker
   * may start here): the server checks them. The form says so under the fields.
   */
  leftToServer: string[];
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

/**
 * The headless form: parses the schema once per schema object (synchronously: the fields are there
 * on the first render), seeds react-hook-form with the defaults, and validates through the core
 * (the same engines, cache and wording as validateElicitationContent) so the dialog, inline forms
 * and servers agree. The validation engine loads in the background as the form mounts; patterns
 * are checked off the main thread.
 */
export function useElicitationForm(schema: unknown, options: UseElicitationFormOptions = {}): UseElicitationFormResult {
  const parse = useMemo(() => (isParsedSchema(schema) ? ({ ok: true, schema } as const) : parseElicitationSchema(schema)), [schema]);
  const parsed = parse.ok ? parse.schema : undefined;
  const messages = useMemo(() => resolveMessages(options.messages), [options.messages]);
  const [leftToServer, setLeftToServer] = useState<string[]>([]);

  // The resolver reads the latest schema and wording without being re-created.
  const latest = useRef({ parsed, messages, schema, options });
  latest.current = { parsed, messages, schema, options };

  /** The whole check of `values`: conversion, the schema engine, then patterns off the main thread. */
  const check = useRef(async (current: ParsedElicitationSchema, values: FormValues) => {
    const checkValues = await loadFormValuesCheck(current);
    const { leftToServer: left, ...checked } = await checkValues(values, () => latest.current.messages.validation);
    setLeftToServer((before) => (sameKeys(before, left) ? before : left));
    return checked;
  }).current;

  const resolver = useRef<Resolver<FormValues>>(async (values) => {
    const current = latest.current.parsed;
    if (!current) return { values: {}, errors: {} };
    let errors: Record<string, ValidationIssue>;
    try {
      ({ errors } = await check(current, values));
    } catch {
      // The engine's chunk did not arrive. A field check has nothing to say; handleAccept tells the person.
      return { values: {}, errors: {} };
    }
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

  /** What the form starts from: the restored values, else the content to show, else the defaults. */
  const startValues = (current: ParsedElicitationSchema, { values, content }: UseElicitationFormOptions) => ({
    ...initialFormValues(fieldsShowing(current.fields, content)),
    ...values,
  });

  const form = useForm<FormValues>({
    mode: "onTouched",
    reValidateMode: "onChange",
    shouldFocusError: true,
    defaultValues: parsed ? startValues(parsed, options) : {},
    resolver,
  });

  // The validation engine starts loading as the form appears and the schema is compiled when the
  // browser is next idle, so the first check waits for neither.
  useEffect(() => {
    if (parsed) prepareContentValidator(parsed);
  }, [parsed]);

  // A new schema object (a new request in the same component) starts from its own defaults.
  const seeded = useRef(schema);
  useEffect(() => {
    if (seeded.current === schema) return;
    seeded.current = schema;
    setLeftToServer([]);
    form.reset(parsed ? initialFormValues(parsed.fields) : {});
  }, [schema, parsed, form]);

  const handleAccept = useMemo(
    () => (onAccept: (content: ElicitContent) => void) => {
      const submit = form.handleSubmit(async () => {
        // Rebuilt from the raw values rather than taken from react-hook-form, which copies objects
        // by assignment and would drop (or worse, apply) a server key named "__proto__".
        const current = latest.current.parsed;
        if (!current) return;
        const { content, errors } = await check(current, form.getValues());
        if (Object.keys(errors).length === 0) onAccept(content);
      });
      return async (event?: BaseSyntheticEvent) => {
        // Stop the browser's own submit now: the check below may wait for the engine to arrive.
        event?.preventDefault?.();
        const current = latest.current.parsed;
        try {
          if (current) await loadContentValidator(current);
        } catch {
          // Offline or a blocked chunk: nothing can be checked, so nothing is sent; the next Submit tries again.
          form.setError("root", { type: "validationUnavailable", message: latest.current.messages.validationUnavailable });
          return;
        }
        return submit(event);
      };
    },
    [form, check],
  );

  return {
    error: parse.ok ? undefined : parse.error,
    schema: parsed,
    fields: parsed?.fields ?? [],
    leftToServer,
    form,
    messages,
    handleAccept,
  };
}

function sameKeys(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}
