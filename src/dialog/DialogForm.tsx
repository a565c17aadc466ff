import { useRef, useState, type MutableRefObject, type ReactNode } from "react";
import { initialFormValues } from "../core/formValues";
import type { ElicitContent, FormValues, ParsedElicitationSchema } from "../core/types";
import type { FieldRegistry } from "../fields/fieldRegistry";
import { ElicitationForm } from "../form/ElicitationForm";
import type { ElicitationDraftStore } from "../form/createElicitationDraftStore";
import { useElicitationForm } from "../form/useElicitationForm";
import type { ElicitationMessagesInput } from "../messages/resolveMessages";

export interface DialogFormProps {
  schema: ParsedElicitationSchema;
  serverName: string;
  messages?: ElicitationMessagesInput;
  fieldComponents?: Partial<FieldRegistry>;
  drafts?: ElicitationDraftStore;
  onSubmit: (content: ElicitContent) => void;
  actions: ReactNode;
  /** Set to a function returning the current values, so the dialog can keep them on cancel. */
  valuesRef: MutableRefObject<(() => FormValues) | undefined>;
}

/** The dialog's form: starts from a kept draft when there is one, and says so with a way to clear it. */
export function DialogForm({ schema, serverName, drafts, valuesRef, ...props }: DialogFormProps) {
  // Read once: the draft belongs to this mount.
  const restored = useRef(drafts?.get(serverName, schema.cacheKey)).current;
  const form = useElicitationForm(schema, { messages: props.messages, values: restored });
  const [showRestored, setShowRestored] = useState(restored !== undefined);
  valuesRef.current = () => form.form.getValues();

  const clear = () => {
    drafts?.delete(serverName, schema.cacheKey);
    form.form.reset(initialFormValues(schema.fields));
    setShowRestored(false);
  };

  return (
    <ElicitationForm
      schema={schema}
      controller={form}
      fieldComponents={props.fieldComponents}
      onSubmit={props.onSubmit}
      actions={props.actions}
      header={
        showRestored ? (
          <div className="rme-form__restored" role="status" data-state="restored">
            <span>{form.messages.draftRestored}</span>
            <button type="button" className="rme-button rme-button--quiet" data-action="clear-draft" onClick={clear}>
              {form.messages.draftClear}
            </button>
          </div>
        ) : undefined
      }
    />
  );
}
