import { useEffect, useMemo, useRef, type ReactNode } from "react";
import type { ElicitationSchemaError } from "../core/request/ElicitationSchemaError";
import type { ElicitContent } from "../core/types";
import { FormAlert } from "./FormAlert";
import { FormNotice } from "./FormNotice";
import { ElicitationField } from "../fields/ElicitationField";
import type { FieldRegistry } from "../fields/fieldRegistry";
import { fillTemplate } from "../messages/fillTemplate";
import { useElicitationForm, type UseElicitationFormOptions, type UseElicitationFormResult } from "./useElicitationForm";

export interface ElicitationFormProps extends UseElicitationFormOptions {
  /** `requestedSchema` exactly as the server sent it (or an already parsed schema). */
  schema: unknown;
  /** Called with validated protocol content when the person submits a valid form. */
  onSubmit: (content: ElicitContent) => void;
  /** Called once when the schema cannot be drawn; the form shows the reason instead of fields. */
  onInvalidSchema?: (error: ElicitationSchemaError) => void;
  /** Replacement components for some field kinds. */
  fieldComponents?: Partial<FieldRegistry>;
  /** Replaces the default Submit button (the dialog puts Submit / Decline / Cancel here). */
  actions?: ReactNode;
  /** Drawn above the fields, below nothing: e.g. a host's own notice. */
  header?: ReactNode;
  /** Use an existing `useElicitationForm` result instead of creating one. */
  controller?: UseElicitationFormResult;
  /** Shows the fields without letting them change and without a Submit button: a preview of `content` or the defaults. */
  readOnly?: boolean;
  /** BCP 47 language of the wording (`lang`), e.g. "de" or "ar"; native number and date inputs take it as their hint. */
  locale?: string;
  /** Text direction; "rtl" for Arabic, Hebrew, Persian… The layout uses logical properties and mirrors. */
  dir?: "ltr" | "rtl" | "auto";
  id?: string;
  className?: string;
}

/** The fields of one elicitation schema as an inline form. */
export function ElicitationForm(props: ElicitationFormProps) {
  const own = useElicitationForm(props.controller ? undefined : props.schema, props);
  const form = props.controller ?? own;
  const { error, fields, messages } = form;

  const onInvalid = useRef(props.onInvalidSchema);
  onInvalid.current = props.onInvalidSchema;
  // Once per error, also when StrictMode runs the effect twice.
  const reported = useRef<ElicitationSchemaError>(undefined);
  useEffect(() => {
    if (!error || reported.current === error) return;
    reported.current = error;
    onInvalid.current?.(error);
  }, [error]);

  const readOnly = props.readOnly ?? false;
  const control = form.form.control;
  const components = props.fieldComponents;
  // The same elements while nothing they show has changed: when the form renders again
  // (react-hook-form does once as it mounts), React skips the field list without visiting each field.
  const fieldList = useMemo(
    () =>
      fields.map((field) => (
        <ElicitationField key={field.index} field={field} control={control} messages={messages} components={components} readOnly={readOnly} />
      )),
    [fields, control, messages, components, readOnly],
  );

  const notice = { actions: props.actions, className: props.className, id: props.id, lang: props.locale, dir: props.dir };
  if (error) return <FormNotice state="invalid" text={fillTemplate(messages.invalidRequest, { reason: error.message })} {...notice} />;

  // Booleans carry no marker (a checkbox always answers), so they alone need no legend.
  const hasRequired = !readOnly && fields.some((field) => field.required && field.kind !== "boolean");
  return (
    <form
      id={props.id}
      className={["rme-form", props.className].filter(Boolean).join(" ")}
      lang={props.locale}
      dir={props.dir}
      data-readonly={readOnly ? "" : undefined}
      noValidate
      onSubmit={readOnly ? (event) => event.preventDefault() : form.handleAccept(props.onSubmit)}
    >
      {/* The body scrolls inside a dialog while the actions after it stay in place. */}
      <div className="rme-form__body">
        {props.header}
        {hasRequired ? (
          <p className="rme-form__legend" aria-hidden="true">
            {fillTemplate(messages.requiredLegend, { marker: messages.requiredMarker })}
          </p>
        ) : null}
        <div className="rme-form__fields">
          {fieldList}
        </div>
        {form.leftToServer.length > 0 ? (
          <p className="rme-form__note" role="note" data-state="left-to-server">
            {fillTemplate(messages.patternLeftToServer, {
              fields: fields.filter((field) => form.leftToServer.includes(field.key)).map((field) => `“${field.label}”`).join(", "),
            })}
          </p>
        ) : null}
        <FormAlert control={form.form.control} />
      </div>
      {props.actions ?? (readOnly ? null : (
        <div className="rme-actions">
          <button type="submit" className="rme-button rme-button--primary" data-action="accept">
            {messages.submit}
          </button>
        </div>
      ))}
    </form>
  );
}
