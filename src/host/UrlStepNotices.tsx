import { inspectElicitationUrl } from "../core/url/urlInspection";
import type { ElicitationUrlStep } from "../client/types";
import { fillTemplate } from "../messages/fillTemplate";
import type { HostMessages } from "../messages/hostMessages";

export interface UrlStepNoticesProps {
  steps: readonly ElicitationUrlStep[];
  onDismiss: (elicitationId: string, serverName: string) => void;
  messages: HostMessages;
}

/**
 * After a URL-mode link was opened, a quiet line per step: "waiting" until the server sends
 * `notifications/elicitation/complete`, then "done". A live region, so the change is announced.
 * Every line can be dismissed: servers need not ever report completion.
 */
export function UrlStepNotices({ steps, onDismiss, messages }: UrlStepNoticesProps) {
  return (
    <div className="rme-url-steps" role="status">
      {steps.map((step) => (
        <p key={`${step.serverName}\u0000${step.elicitationId}`} className="rme-url-steps__item" data-state={step.status}>
          {step.status === "done"
            ? fillTemplate(messages.urlStepDone, { server: step.serverName })
            : fillTemplate(messages.urlStepWaiting, { server: step.serverName, domain: inspectElicitationUrl(step.url).domain })}{" "}
          <button type="button" className="rme-button rme-button--quiet" onClick={() => onDismiss(step.elicitationId, step.serverName)}>
            {messages.urlStepDismiss}
          </button>
        </p>
      ))}
    </div>
  );
}
