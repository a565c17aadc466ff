import { lazy, Suspense } from "react";
import { ElicitationField } from "../fields/ElicitationField";
import { FormAlert } from "../form/FormAlert";
import { FormNotice } from "../form/FormNotice";
import { fillTemplate } from "../messages/fillTemplate";
import { knownFilesOf } from "../fields/knownFiles";
import { DEFAULT_PROTECTION_INTERVAL, guardActivation } from "../ui/guardActivation";
import { useClientLayoutEffect } from "../ui/useClientLayoutEffect";
import { DialogFormHeader } from "./DialogFormHeader";
import type { DialogStepsBodyProps } from "./DialogStepsBody";
import { loadFormChecks } from "../core/loading/loadFormChecks";

export type DialogStepsProps = Omit<DialogStepsBodyProps, "Field" | "Alert" | "Header" | "fill" | "guardActivation" | "useClientLayoutEffect" | "knownFilesOf" | "protectionInterval"> & { protectionInterval?: number };

// Loaded only when a request is shown one question at a time: a host that never does pays nothing up
// front. While it arrives (a moment, same origin) the header and message are drawn and Escape and ×
// cancel; if it cannot load at all (offline, blocked), the dialog says so and Close answers cancel.
const Body = lazy(() =>
  import("./DialogStepsBody")
    .then((module) => module.withFormChecks(loadFormChecks))
    .then(
      (component) => ({ default: component }),
      () => ({ default: Unavailable }),
    ),
);

function Unavailable({ answer }: DialogStepsBodyProps) {
  const { messages } = answer;
  const close = (
    <div className="rme-actions">
      <button type="button" className="rme-button rme-button--secondary" data-action="cancel" onClick={answer.cancel}>
        {messages.close}
      </button>
    </div>
  );
  return <FormNotice state="unavailable" text={messages.validationUnavailable} actions={close} />;
}

/** The dialog's form one question at a time (`layout="steps"`). */
export function DialogSteps(props: DialogStepsProps) {
  return (
    <Suspense fallback={null}>
      <Body
        {...props}
        protectionInterval={props.protectionInterval ?? DEFAULT_PROTECTION_INTERVAL}
        guardActivation={guardActivation}
        useClientLayoutEffect={useClientLayoutEffect}
        Field={ElicitationField}
        Alert={FormAlert}
        Header={DialogFormHeader}
        fill={fillTemplate}
        knownFilesOf={knownFilesOf}
      />
    </Suspense>
  );
}
