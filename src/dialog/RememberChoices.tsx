import { defaultRememberMessages } from "../messages/rememberMessages";
import { withDefaultMessages } from "../messages/withDefaultMessages";
import type { ElicitationAnswer } from "./useElicitationAnswer";

/** "Remember for this chat" / "Always for this server" above the actions, when the request offers them; nothing otherwise. */
export function RememberChoices({ answer }: { answer: ElicitationAnswer }) {
  const { offered, ticked, tick } = answer.remember;
  if (offered.length === 0) return null;
  const said = withDefaultMessages(answer.messages, defaultRememberMessages);
  return (
    <div className="rme-remember">
      {offered.map((scope) => (
        <label key={scope} className="rme-option">
          <input
            type="checkbox"
            className="rme-checkbox"
            data-remember={scope}
            checked={ticked.includes(scope)}
            // While an answer is on its way what goes with it is settled.
            aria-disabled={answer.delivery ? true : undefined}
            onChange={(event) => {
              if (!answer.delivery) tick(scope, event.currentTarget.checked);
            }}
          />
          <span className="rme-option__label">{scope === "chat" ? said.rememberForChat : said.rememberForServer}</span>
        </label>
      ))}
    </div>
  );
}
