import { FormNotice } from "../form/FormNotice";

/** Why a request cannot be answered with a form, and a Close button that answers cancel. */
export function DialogNotice({ text, state, closeLabel, onClose }: { text: string; state: string; closeLabel: string; onClose: () => void }) {
  return (
    <FormNotice
      text={text}
      state={state}
      actions={
        <div className="rme-actions">
          <button type="button" className="rme-button rme-button--secondary" data-action="cancel" onClick={onClose}>
            {closeLabel}
          </button>
        </div>
      }
    />
  );
}
