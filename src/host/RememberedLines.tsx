import { useState } from "react";
import type { ElicitationRememberedEntry } from "../client/types";
import { fillTemplate } from "../messages/fillTemplate";
import { defaultRememberMessages, type RememberMessages } from "../messages/rememberMessages";
import { withDefaultMessages } from "../messages/withDefaultMessages";

export interface RememberedLinesProps {
  lines: readonly ElicitationRememberedEntry[];
  messages: Partial<RememberMessages>;
  /** BCP 47 language of the date ("3 Dec"); the page's own when undefined. */
  locale: string | undefined;
}

/**
 * A quiet line in the thread per question answered from a remembered decision — who asked, that it
 * was answered automatically, when the person remembered it — with Forget, which revokes the
 * decision so the next such question shows its card again. A live region: a new line is announced.
 */
export function RememberedLines({ lines, messages, locale }: RememberedLinesProps) {
  if (lines.length === 0) return null;
  const said = withDefaultMessages(messages, defaultRememberMessages);
  let date: Intl.DateTimeFormat;
  try {
    date = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short" });
  } catch {
    // A locale Intl does not know: the page's own.
    date = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" });
  }
  return (
    <div className="rme-url-steps rme-remembered" role="status">
      {lines.map((line) => (
        <RememberedLine key={line.id} line={line} said={said} date={date} />
      ))}
    </div>
  );
}

function RememberedLine({ line, said, date }: { line: ElicitationRememberedEntry; said: RememberMessages; date: Intl.DateTimeFormat }) {
  const [forgetting, setForgetting] = useState(false);
  if (line.forgotten) {
    return (
      <p className="rme-url-steps__item" data-remembered="forgotten">
        {fillTemplate(said.rememberedForgotten, { server: line.serverName })}
      </p>
    );
  }
  const forget = () => {
    if (forgetting) return;
    setForgetting(true);
    // Failed (reported through the connection's onError): the button comes back for another try.
    line.forget().catch(() => setForgetting(false));
  };
  return (
    <p className="rme-url-steps__item" data-remembered="answered">
      {fillTemplate(said.rememberedAnswer, { server: line.serverName, date: date.format(line.rememberedAt) })}
      {" "}
      {/* One item of the line's flex row: where it wraps, the "·" goes down with Forget instead of dangling above it. */}
      <span>
        {"· "}
        <button type="button" className="rme-button rme-button--quiet" aria-disabled={forgetting ? true : undefined} onClick={forget}>
          {said.rememberedForget}
        </button>
      </span>
    </p>
  );
}
