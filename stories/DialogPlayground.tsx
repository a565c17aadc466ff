import { useState } from "react";
import type { ElicitResult } from "../src/core/types";
import { ElicitationDialog, type ElicitationDialogProps } from "../src/dialog/ElicitationDialog";

/**
 * Shows a dialog the way a host would and, once answered, the ElicitResult it produced,
 * with a button to ask again. `onResponse` still fires (the Actions panel logs it).
 */
export function DialogPlayground(props: ElicitationDialogProps) {
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<ElicitResult | undefined>();
  return (
    <div>
      {result ? (
        <>
          <p>The host would send back:</p>
          <pre data-testid="elicit-result">{JSON.stringify(result, null, 2)}</pre>
          <button
            type="button"
            style={{ minHeight: "2.5rem", padding: "0.5rem 1rem", font: "inherit" }}
            onClick={() => {
              setResult(undefined);
              setRound((n) => n + 1);
            }}
          >
            Ask again
          </button>
        </>
      ) : (
        <ElicitationDialog
          key={round}
          {...props}
          onResponse={(answer) => {
            setResult(answer);
            props.onResponse(answer);
          }}
        />
      )}
    </div>
  );
}
