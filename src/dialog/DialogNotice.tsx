/** Why a request cannot be answered with a form, and a Close button that answers cancel. */
export function DialogNotice({ text, state, closeLabel, onClose }: { text: string; state: string; closeLabel: string; onClose: () => void }) {
  return (
    <div className="rme-form rme-form--invalid" data-state={state}>
      <p className="rme-form__invalid" role="alert">
        {text}
      </p>
      <div className="rme-actions">
        <button type="button" className="rme-button" data-action="cancel" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
    </div>
  );
}
