import { Fragment, useMemo, type ReactNode } from "react";
import type { ElicitationSchemaError } from "../core/request/ElicitationSchemaError";
import type { ElicitContent } from "../core/types";
import { FormAlert } from "./FormAlert";
import { FormNotice } from "./FormNotice";
import { ElicitationField } from "../fields/ElicitationField";
import { useReportOnce } from "../ui/useReportOnce";
import type { FieldRegistry } from "../fields/fieldRegistry";
import { fillTemplate } from "../messages/fillTemplate";
import { useLocaleMessages } from "../messages/useLocaleMessages";
import { useDrawnFieldCount } from "./useDrawnFieldCount";
import { useElicitationForm, type UseElicitationFormOptions, type UseElicitationFormResult } from "./useElicitationForm";
import type { TextDirection } from "../ui/TextDirection";

/** What an inline form takes either way. */
export interface ElicitationFormCommonProps {
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
  /** Shows the fields without letting them change and without a Submit button: a preview of `content` or the defaults. */
  readOnly?: boolean;
  /** BCP 47 language of the wording (`lang`), e.g. "de" or "ar"; native number and date inputs take it as their hint. */
  locale?: string;
  /** Text direction; "rtl" for Arabic, Hebrew, Persian… The layout uses logical properties and mirrors. */
  dir?: TextDirection;
  id?: string;
  className?: string;
}

/** A form of its own, from a schema: the form hook is made here. */
export interface ElicitationFormSchemaProps extends ElicitationFormCommonProps, UseElicitationFormOptions {
  /** `requestedSchema` exactly as the server sent it (or a schema parseElicitationSchema returned). */
  schema: unknown;
  controller?: never;
}

/** The fields of a form hook the caller made (`useElicitationForm`): no second hook is made. */
export interface ElicitationFormControllerProps extends ElicitationFormCommonProps {
  controller: UseElicitationFormResult;
  schema?: never;
}

/** A schema or a controller, never both. */
export type ElicitationFormProps = ElicitationFormSchemaProps | ElicitationFormControllerProps;

/** The fields of one elicitation schema as an inline form. */
export function ElicitationForm(props: ElicitationFormProps) {
  // Drawn once the wording of `locale` is here, so no other language flashes first (docs/i18n.md).
  // A controller already has its wording: it is drawn at once.
  const own = props.controller ? undefined : props;
  return useLocaleMessages(own?.locale, own?.messages) === undefined ? null : props.controller ? (
    <FormView {...props} form={props.controller} />
  ) : (
    <OwnForm {...props} />
  );
}

function OwnForm(props: ElicitationFormSchemaProps) {
  return <FormView {...props} form={useElicitationForm(props.schema, props)} />;
}

function FormView({ form, ...props }: ElicitationFormCommonProps & { form: UseElicitationFormResult }) {
  const { error, fields, messages } = form;

  const readOnly = props.readOnly ?? false;
  const control = form.form.control;
  const components = props.fieldComponents;
  const leftToServer = form.leftToServer;
  // The same elements while nothing they show has changed: when the form renders again
  // (after a reset, or as the rest of a long form arrives), React skips the field list without visiting each field.
  const fieldList = useMemo(
    () =>
      fields.map((field) => (
        <Fragment key={field.index}>
          <ElicitationField field={field} control={control} messages={messages} components={components} readOnly={readOnly} />
          {/* Right under the field it concerns, from the moment it is drawn. */}
          {!readOnly && leftToServer.includes(field.key) ? (
            <p className="rme-form__note" role="note" data-state="left-to-server">
              {fillTemplate(messages.patternLeftToServer, { fields: `“${field.label}”` })}
            </p>
          ) : null}
        </Fragment>
      )),
    [fields, control, messages, components, readOnly, leftToServer],
  );
  // The first paint shows the fields that fill the window, and the rest comes a few frames later.
  const drawn = useDrawnFieldCount(fields);
  const accept = form.handleAccept(props.onSubmit);

  if (error) {
    const notice = { actions: props.actions, className: props.className, id: props.id, lang: props.locale, dir: props.dir };
    return (
      <InvalidSchema error={error} onInvalidSchema={props.onInvalidSchema}>
        <FormNotice state="invalid" text={fillTemplate(messages.invalidRequest, { reason: error.message })} {...notice} />
      </InvalidSchema>
    );
  }

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
      // Tab from the last field drawn so far goes to the next field, not past the ones still to come.
      onKeyDown={drawn.count < fields.length ? (event) => event.key === "Tab" && drawn.drawAll() : undefined}
      onSubmit={
        readOnly
          ? (event) => event.preventDefault()
          : (event) => {
              // Every field is there before the check, so a failed one can take focus.
              drawn.drawAll();
              return accept(event);
            }
      }
    >
      {/* The body scrolls inside a dialog while the actions after it stay in place. */}
      <div className="rme-form__body">
        {props.header}
        {hasRequired ? (
          <p className="rme-form__legend" aria-hidden="true">
            {fillTemplate(messages.requiredLegend, { marker: messages.requiredMarker })}
          </p>
        ) : null}
        <div className="rme-form__fields" aria-busy={drawn.count < fields.length || undefined}>
          {drawn.count < fields.length ? fieldList.slice(0, drawn.count) : fieldList}
        </div>
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

/** Reports the schema's error to the host, once per error (also when StrictMode runs the effect twice); only a form that cannot be drawn keeps these hooks. */
function InvalidSchema({ error, onInvalidSchema, children }: { error: ElicitationSchemaError; onInvalidSchema?: (error: ElicitationSchemaError) => void; children: ReactNode }) {
  useReportOnce(error, onInvalidSchema);
  return children;
}
