import { useEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import type { ElicitationSchemaError } from "../core/ElicitationSchemaError";
import { checkFormValues, initialFormValues } from "../core/formValues";
import {
  loadContentValidator,
  loadedContentValidator,
  prepareContentValidator,
  type LoadedContentValidator,
} from "../core/loadValidation";
import { loadedPatternEngine, loadPatternEngine } from "../core/patternEngine";
import { parseSchema, PATTERN_ENGINE_NEEDED } from "../core/schemaParser";
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
  /**
   * True, briefly, while a raw schema with a `pattern` waits for the pattern engine to load before
   * it can be checked: nothing is known yet (no error, no fields). Never true for a parsed schema.
   */
  pending: boolean;
  /** The pattern engine needed while `pending` failed to load (offline, a blocked chunk): the form cannot be checked. */
  unavailable: boolean;
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
 * defaults, and validates through the core (the same engines, cache and wording as
 * validateElicitationContent) so the dialog, inline forms and servers agree. The validation engine
 * is loaded when the form mounts; a raw schema with a `pattern` first waits for the pattern engine.
 */
export function useElicitationForm(schema: unknown, options: UseElicitationFormOptions = {}): UseElicitationFormResult {
  const [patternsLoaded, setPatternsLoaded] = useState(() => loadedPatternEngine() !== undefined);
  const [unavailable, setUnavailable] = useState(false);
  const parse = useMemo(
    () => (isParsed(schema) ? ({ ok: true, schema } as const) : parseSchema(schema, {}, loadedPatternEngine())),
    [schema, patternsLoaded],
  );
  const pending = parse === PATTERN_ENGINE_NEEDED;
  const parsed = !pending && parse.ok ? parse.schema : undefined;
  const messages = useMemo(() => resolveMessages(options.messages), [options.messages]);

  // The resolver reads the latest schema and wording without being re-created.
  const latest = useRef({ parsed, messages, schema, options });
  latest.current = { parsed, messages, schema, options };
  const resolver = useRef<Resolver<FormValues>>(async (values) => {
    const current = latest.current.parsed;
    if (!current) return { values: {}, errors: {} };
    // At once when the engines are loaded (the form starts loading them as it mounts), else once they are.
    let validate = loadedContentValidator(current);
    if (!validate) {
      try {
        validate = await loadContentValidator(current);
      } catch {
        // The engine's chunk did not arrive. A field check has nothing to say; handleAccept tells the person.
        return { values: {}, errors: {} };
      }
    }
    const { errors } = checkFormValues(current, values, validate, latest.current.messages.validation);
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

  // A schema with a pattern: load the pattern engine, seed the values, then draw the fields.
  const mountSchema = useRef(schema).current;
  useEffect(() => {
    if (!pending) return;
    let live = true;
    loadPatternEngine().then(
      () => {
        if (!live) return;
        const { schema: current, options: currentOptions } = latest.current;
        const result = parseSchema(current, {}, loadedPatternEngine());
        if (result !== PATTERN_ENGINE_NEEDED && result.ok) {
          form.reset(current === mountSchema ? startValues(result.schema, currentOptions) : initialFormValues(result.schema.fields));
        }
        setPatternsLoaded(true);
      },
      // The form cannot be checked without it: the form says so; the next mount tries again.
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
    };
  }, [pending, form, mountSchema]);

  // A new schema object (a new request in the same component) starts from its own defaults.
  const seeded = useRef(schema);
  useEffect(() => {
    if (seeded.current === schema) return;
    seeded.current = schema;
    form.reset(parsed ? initialFormValues(parsed.fields) : {});
  }, [schema, parsed, form]);

  const handleAccept = useMemo(
    () => (onAccept: (content: ElicitContent) => void) => {
      const submit = form.handleSubmit(() => {
        // Rebuilt from the raw values rather than taken from react-hook-form, which copies objects
        // by assignment and would drop (or worse, apply) a server key named "__proto__".
        const current = latest.current.parsed;
        if (!current) return;
        const accept = (validate: LoadedContentValidator) => {
          const { content, errors } = checkFormValues(current, form.getValues(), validate, latest.current.messages.validation);
          if (Object.keys(errors).length === 0) onAccept(content);
        };
        // The resolver that just passed loaded the engines, so this is synchronous.
        const validate = loadedContentValidator(current);
        return validate ? accept(validate) : loadContentValidator(current).then(accept);
      });
      return async (event?: BaseSyntheticEvent) => {
        const current = latest.current.parsed;
        if (current && !loadedContentValidator(current)) {
          // Stop the browser's own submit now: the check below may wait for the engine to arrive.
          event?.preventDefault?.();
          try {
            await loadContentValidator(current);
          } catch {
            // Offline or a blocked chunk: nothing can be checked, so nothing is sent; the next Submit tries again.
            form.setError("root", { type: "validationUnavailable", message: latest.current.messages.validationUnavailable });
            return;
          }
        }
        return submit(event);
      };
    },
    [form],
  );

  return {
    error: pending || parse.ok ? undefined : parse.error,
    pending,
    unavailable,
    schema: parsed,
    fields: parsed?.fields ?? [],
    form,
    messages,
    handleAccept,
  };
}
