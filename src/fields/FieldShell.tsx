import type { ReactNode } from "react";
import type { FieldDescriptor } from "../core/types";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { fillTemplate } from "../messages/fillTemplate";
import { SensitiveFieldWarning } from "./SensitiveFieldWarning";
import type { ElicitationFieldState } from "./useElicitationField";

interface FieldShellProps {
  field: FieldDescriptor;
  state: ElicitationFieldState;
  messages: ElicitationMessages;
  children: ReactNode;
  /** Groups (radios, checkboxes) are a fieldset with a legend instead of a label. */
  group?: { role?: "radiogroup"; required?: boolean };
  /** Checkbox fields put the label after the box. */
  labelAfter?: boolean;
  /** Drawn under the group's options, above its error (an optional radio group's "Clear choice"). */
  after?: ReactNode;
}

/**
 * Label, required marker, description and error around one input; stable class hooks for hosts.
 * Every kind has the same order: label, description (and time-zone hint), warning, input, error.
 * It keeps no state: the built-in fields call it as a function, so a field has no component of its
 * own for it; a host's field component may render it as `<FieldShell>`.
 */
export function FieldShell({ field, state, messages, children, group, labelAfter, after }: FieldShellProps) {
  const { ids, errorMessage } = state;
  // A checkbox always sends true or false, so `required` on a boolean asks nothing of the person.
  const marked = field.required && field.kind !== "boolean";
  const marker = marked ? (
    <span className="rme-field__required" aria-hidden="true">
      {" "}
      {messages.requiredMarker}
    </span>
  ) : null;
  const description = field.description ? (
    <p id={ids.descriptionId} className="rme-field__description">
      {field.description}
    </p>
  ) : null;
  const bounds =
    state.bounds && ids.boundsId ? (
      <p id={ids.boundsId} className="rme-field__description rme-field__hint" data-hint="bounds">
        {state.bounds}
      </p>
    ) : null;
  const hint =
    state.timeZone && ids.hintId ? (
      <p id={ids.hintId} className="rme-field__description rme-field__hint" data-hint="time-zone">
        {fillTemplate(messages.timeZoneHint, { zone: state.timeZone })}
      </p>
    ) : null;
  const warning =
    field.sensitive && ids.warningId ? <SensitiveFieldWarning id={ids.warningId} kind={field.sensitive} messages={messages} /> : null;
  const error = errorMessage ? (
    <p id={ids.errorId} className="rme-field__error" role="alert">
      {errorMessage}
    </p>
  ) : null;
  const dataProps = {
    "data-field": field.key,
    "data-kind": field.kind,
    "data-invalid": errorMessage ? "" : undefined,
    "data-required": field.required ? "" : undefined,
  };

  if (group) {
    return (
      <fieldset
        className="rme-field rme-field--group"
        {...dataProps}
        role={group.role}
        aria-labelledby={ids.labelId}
        aria-describedby={state.ariaProps["aria-describedby"]}
        aria-required={group.role && field.required ? true : undefined}
        aria-invalid={group.role ? state.ariaProps["aria-invalid"] : undefined}
        aria-readonly={group.role && state.readOnly ? true : undefined}
      >
        <legend id={ids.labelId} className="rme-field__label">
          {field.label}
          {marker}
          {marked && !group.role ? <span className="rme-visually-hidden"> ({messages.requiredForAssistiveTech})</span> : null}
        </legend>
        {description}
        {bounds}
        {warning}
        {children}
        {after}
        {error}
      </fieldset>
    );
  }

  const label = (
    <label id={ids.labelId} htmlFor={ids.inputId} className="rme-field__label">
      {field.label}
      {marker}
    </label>
  );
  if (labelAfter) {
    return (
      <div className="rme-field rme-field--inline" {...dataProps}>
        <div className="rme-field__inline">
          {children}
          <div className="rme-field__text">
            {label}
            {description}
          </div>
        </div>
        {warning}
        {error}
      </div>
    );
  }
  return (
    <div className="rme-field" {...dataProps}>
      {label}
      {description}
      {bounds}
      {hint}
      {warning}
      {children}
      {error}
    </div>
  );
}
