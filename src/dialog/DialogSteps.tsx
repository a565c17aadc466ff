import { lazy, Suspense } from "react";
import type { ElicitContent } from "../core/types";
import { ElicitationField } from "../fields/ElicitationField";
import type { FieldRegistry } from "../fields/fieldRegistry";
import { FormAlert } from "../form/FormAlert";
import type { ElicitationDraft } from "../form/useElicitationDraft";
import type { UseElicitationFormResult } from "../form/useElicitationForm";
import { DialogNotice } from "./DialogNotice";
import type { DialogStepsBodyProps } from "./DialogStepsBody";

export interface DialogStepsProps {
  controller: UseElicitationFormResult;
  draft: ElicitationDraft;
  fieldComponents?: Partial<FieldRegistry>;
  onSubmit: (content: ElicitContent) => void;
  onCancel: () => void;
  onDecline: () => void;
  protectionInterval?: number;
}

// Loaded only when a request is shown one question at a time: a host that never does pays nothing up
// front. While it arrives (a moment, same origin) the header and message are drawn and Escape and ×
// cancel; if it cannot load at all (offline, blocked), the dialog says so and Close answers cancel.
const Body = lazy(() =>
  import("./DialogStepsBody").then(
    (module) => ({ default: module.DialogStepsBody }),
    () => ({ default: Unavailable }),
  ),
);

function Unavailable({ controller, onCancel }: DialogStepsBodyProps) {
  return <DialogNotice state="unavailable" text={controller.messages.validationUnavailable} closeLabel={controller.messages.close} onClose={onCancel} />;
}

/** The dialog's form one question at a time (`layout="steps"`). */
export function DialogSteps({ fieldComponents, ...props }: DialogStepsProps) {
  const { form, messages } = props.controller;
  return (
    <Suspense fallback={null}>
      <Body
        {...props}
        renderField={(field) => <ElicitationField field={field} control={form.control} messages={messages} components={fieldComponents} />}
        alert={<FormAlert control={form.control} />}
      />
    </Suspense>
  );
}
