import type { ElicitationRememberScope } from "../core/types";
import { defaultRememberMessages, type RememberMessages } from "../messages/rememberMessages";
import { withDefaultMessages } from "../messages/withDefaultMessages";

export interface RememberChoicesProps {
  /** What the request offers (its queue entry's `remember`). */
  offered: readonly ElicitationRememberScope[];
  ticked: readonly ElicitationRememberScope[];
  onTick: (scope: ElicitationRememberScope, on: boolean) => void;
  /** An answer is on its way: what goes with it is settled. */
  settled: boolean;
  messages: Partial<RememberMessages>;
}

/** "Remember for this chat" / "Always for this server", drawn by the outlet right above a card's actions. */
export function RememberChoices({ offered, ticked, onTick, settled, messages }: RememberChoicesProps) {
  const said = withDefaultMessages(messages, defaultRememberMessages);
  return (
    <div className="rme-remember">
      {offered.map((scope) => (
        <label key={scope} className="rme-option">
          <input
            type="checkbox"
            className="rme-checkbox"
            data-remember={scope}
            checked={ticked.includes(scope)}
            aria-disabled={settled ? true : undefined}
            onChange={(event) => {
              if (!settled) onTick(scope, event.currentTarget.checked);
            }}
          />
          <span className="rme-option__label">{scope === "chat" ? said.rememberForChat : said.rememberForServer}</span>
        </label>
      ))}
    </div>
  );
}
