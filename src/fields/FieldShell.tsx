import type { ReactNode } from "react";
import type { FieldDescriptor } from "../core/types";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
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
}

/** Label, required marker, description and error around one input; stable class hooks for hosts. */
export function FieldShell({ field, state, messages, children, group, labelAfter }: FieldShellProps) {
  const { ids, errorMessage } = state;
  const marker = field.required ? (
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
          {field.required && !group.role ? (
            <span className="rme-visually-hidden"> ({messages.requiredForAssistiveTech})</span>
          ) : null}
        </legend>
        {warning}
        {description}
        {children}
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
  return (
    <div className="rme-field" {...dataProps}>
      {labelAfter ? (
        <div className="rme-field__inline">
          {children}
          {label}
        </div>
      ) : (
        <>
          {label}
          {children}
        </>
      )}
      {warning}
      {description}
      {error}
    </div>
  );
}
