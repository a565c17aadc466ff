import { inspectElicitationUrl } from "../core/urlInspection";
import type { ElicitationUrlStep } from "../core/types";
import { fillTemplate } from "../messages/fillTemplate";
import type { HostMessages } from "../messages/hostMessages";

export interface UrlStepNoticesProps {
  steps: readonly ElicitationUrlStep[];
  onDismiss: (elicitationId: string) => void;
  messages: HostMessages;
}

/**
 * After a URL-mode link was opened, a quiet line per step: "waiting" until the server sends
 * `notifications/elicitation/complete`, then "done". A live region, so the change is announced.
 */
export function UrlStepNotices({ steps, onDismiss, messages }: UrlStepNoticesProps) {
  return (
    <div className="rme-url-steps" role="status">
      {steps.map((step) => (
        <p key={`${step.serverName}\u0000${step.elicitationId}`} className="rme-url-steps__item" data-state={step.status}>
          {step.status === "done"
            ? fillTemplate(messages.urlStepDone, { server: step.serverName })
            : fillTemplate(messages.urlStepWaiting, { server: step.serverName, domain: inspectElicitationUrl(step.url).domain })}
          {step.status === "done" ? (
            <button type="button" className="rme-button rme-button--quiet" onClick={() => onDismiss(step.elicitationId)}>
              {messages.urlStepDismiss}
            </button>
          ) : null}
        </p>
      ))}
    </div>
  );
}
