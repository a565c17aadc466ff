import { useContext, useEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from "react";
import type { FieldErrors, Resolver, ResolverResult, UseFormReturn } from "react-hook-form";
import { isParsedSchema } from "../core/request/isParsedSchema";
import type { ElicitationSchemaError } from "../core/request/ElicitationSchemaError";
import { fieldName, initialFormValues } from "../core/values/initialFormValues";
import { createLazyFormValidation } from "../core/loading/lazyFormValidation";
import { ValidationUnavailableError } from "../core/validation/ValidationUnavailableError";
import { parseElicitationSchema } from "../core/request/parseElicitationSchema";
import type { ElicitContent, FieldDescriptor, FileInputs, FormValues, ParsedElicitationSchema } from "../core/types";
import { trackPointerPresses } from "../ui/afterPointerRelease";
import { useCallbackRef } from "../ui/useCallbackRef";
import { useFormControl } from "./useFormControl";
import { knownFilesContext, knownFilesIn } from "../fields/knownFiles";
import { ValidationRuntimeContext } from "./ValidationRuntimeContext";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { resolveMessages, type ElicitationMessagesInput } from "../messages/resolveMessages";
import { useLocaleMessages } from "../messages/useLocaleMessages";

export interface UseElicitationFormOptions {
  messages?: ElicitationMessagesInput;
  /** Starting values (form names `f0`, `f1`, …) instead of the schema's defaults, e.g. to restore earlier input. */
  values?: FormValues;
  /** Starting values as protocol content (e.g. an answer to preview); keys it lacks start empty. Wins over defaults. */
  content?: ElicitContent;
  /** BCP 47 language of the wording: picks the catalogue `messages` fill in ("fr", "ja", "pt-BR", …; docs/i18n.md). */
  locale?: string;
  /** File inputs (draft SEP-2356), given `fileInputs` from "react-mcp-elicitation/core": `x-mcp-file` properties become file pickers whose value is a data: URI. Off by default. */
  fileInputs?: FileInputs | false;
}

export interface UseElicitationFormResult {
  /** Set when the schema is not a valid elicitation schema; nothing else is usable then. */
  error: ElicitationSchemaError | undefined;
  schema: ParsedElicitationSchema | undefined;
  fields: FieldDescriptor[];
  /**
   * Keys of fields whose `pattern` this page cannot check: no worker may start here and the linear-time
   * engine cannot read the pattern (known as the form is drawn), or the pattern proved too slow for
   * both. The server checks them; the form says so beside each such field.
   */
  leftToServer: string[];
  /** The react-hook-form instance (values keyed `f${index}`). */
  form: UseFormReturn<FormValues>;
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
  const fileInputs = options.fileInputs;
  const parse = useMemo(
    () => (isParsedSchema(schema) ? ({ ok: true, schema } as const) : parseElicitationSchema(schema, { fileInputs })),
    [schema, fileInputs],
  );
  const parsed = parse.ok ? parse.schema : undefined;
  const catalogue = useLocaleMessages(options.locale, options.messages);
  const messages = useMemo(() => resolveMessages(options.messages, catalogue), [options.messages, catalogue]);
  const [checkedLeftToServer, setLeftToServer] = useState<string[]>([]);
  // Known before any input, so the person reads it before typing rather than when Submit sends.
  const [known, setKnown] = useState<{ parsed?: ParsedElicitationSchema; keys: string[] }>({ keys: [] });
  const leftToServer = useMemo(
    () =>
      (parsed?.fields ?? [])
        .map((field) => field.key)
        .filter((key) => (known.parsed === parsed && known.keys.includes(key)) || checkedLeftToServer.includes(key)),
    [parsed, known, checkedLeftToServer],
  );
  // The one check of this schema's values, made once per parsed schema; the resolver is its only caller.
  const runtime = useContext(ValidationRuntimeContext);
  const validation = useMemo(() => (parsed ? createLazyFormValidation(parsed, runtime) : undefined), [parsed, runtime]);
  // What the resolver and Submit read of the latest render: one latest-value hook for all of it.
  const latest = useCallbackRef(() => ({ parsed, validation, messages, checkedLeftToServer })) as () => Latest;

  // react-hook-form reads its options once, as it is made: the defaults and the resolver are worked
  // out then, not on every render.
  const form = useFormControl<FormValues>(() => ({
    mode: "onTouched",
    reValidateMode: "onChange",
    shouldFocusError: true,
    defaultValues: parsed ? startValues(parsed, options) : {},
    resolver: resolverOf(latest, setLeftToServer),
    // The data: URIs the file fields build, which the check judges without reading them again.
    context: knownFilesContext(),
  }));

  // The validation engine starts loading as the form appears and the schema is compiled when the
  // browser is next idle, so the first check waits for neither. The form also watches pointer presses
  // while it is there (once for all its fields), so a field's blur check waits for the click that caused it.
  const seeded = useRef(schema);
  useEffect(() => {
    // A new schema object (a new request in the same component) starts from its own defaults.
    if (seeded.current !== schema) {
      seeded.current = schema;
      setLeftToServer([]);
      form.reset(parsed ? initialFormValues(parsed.fields) : {});
    }
    let live = true;
    validation?.prepare();
    if (parsed && validation) validation.patternsLeftToServer().then((keys) => live && keys.length > 0 && setKnown({ parsed, keys }), () => undefined);
    const stopTracking = typeof document === "undefined" ? undefined : trackPointerPresses(document);
    return () => {
      live = false;
      stopTracking?.();
    };
  }, [schema, parsed, validation, form]);

  const handleAccept = useMemo(
    () => (onAccept: (content: ElicitContent) => void) =>
      form.handleSubmit(async (data) => {
        const answer: unknown = data.answer;
        if (answer instanceof Unavailable) {
          // Offline or a blocked chunk: nothing can be checked, so nothing is sent; the next Submit tries again.
          form.setError("root", { type: "validationUnavailable", message: latest().messages.validationUnavailable });
        } else if (answer instanceof CheckedAnswer) {
          onAccept(answer.content);
        }
      }),
    [form, latest],
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

/** What the resolver and Submit read of the form hook's latest render. */
interface Latest {
  parsed: ParsedElicitationSchema | undefined;
  validation: ReturnType<typeof createLazyFormValidation> | undefined;
  messages: ElicitationMessages;
  checkedLeftToServer: string[];
}

/**
 * The resolver: the whole check of `values`, worded once in the host's messages. A valid answer
 * travels to Submit as the content this check built (a class instance, which react-hook-form
 * passes on as it is: its copies by assignment would drop, or apply, a server key "__proto__").
 */
function resolverOf(latest: () => Latest, setLeftToServer: (keys: string[]) => void): Resolver<FormValues> {
  return async (values: FormValues, context: unknown): Promise<ResolverResult<FormValues>> => {
    const { parsed, validation, messages } = latest();
    if (!validation || !parsed) return { values: {}, errors: {} };
    let result;
    try {
      result = await validation.check(values, messages.validation, knownFilesIn(context));
    } catch (error) {
      // The engine's chunk did not arrive. A field check has nothing to say; Submit tells the person.
      if (error instanceof ValidationUnavailableError) return answered(new Unavailable());
      throw error;
    }
    const left = result.leftToServer;
    // Compared here, not in an updater: an update that changes nothing still re-renders the form.
    if (!sameKeys(latest().checkedLeftToServer, left)) setLeftToServer(left);
    if (result.valid) return answered(new CheckedAnswer(result.content));
    // Form names (f0, f1, …) only: server keys never pass through react-hook-form's object copies.
    const fieldErrors: FieldErrors<FormValues> = {};
    for (const issue of result.errors) {
      const field = parsed.fields.find((each) => each.key === issue.field);
      if (field) fieldErrors[fieldName(field)] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: fieldErrors };
  };
}

/** What the form starts from: the restored values, else the content to show, else the defaults. */
function startValues(current: ParsedElicitationSchema, { values, content }: UseElicitationFormOptions): FormValues {
  return { ...initialFormValues(fieldsShowing(current.fields, content)), ...values };
}

function sameKeys(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

/** The resolver's answer for Submit, under the one key react-hook-form hands on. */
const answered = (answer: CheckedAnswer | Unavailable): ResolverResult<FormValues> => ({ values: { answer } as unknown as FormValues, errors: {} });

/** The content the resolver built from valid values: what Submit sends. */
class CheckedAnswer {
  constructor(readonly content: ElicitContent) {}
}

/** The resolver could not check (the validation code did not load): Submit sends nothing and says so. */
class Unavailable {}
