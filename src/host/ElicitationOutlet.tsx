import { useMemo, useSyncExternalStore, type ReactNode } from "react";
import { DialogStatus } from "../dialog/DialogStatus";
import { ElicitationDialog } from "../dialog/ElicitationDialog";
import { defaultHostMessages } from "../messages/hostMessages";
import { UrlStepNotices } from "../dialog/UrlStepNotices";
import type { FieldRegistry } from "../fields/fieldRegistry";
import type { ElicitationDraftStore } from "../form/createElicitationDraftStore";
import { resolveMessages, type ElicitationMessagesInput } from "../messages/resolveMessages";
import type { ElicitationQueue } from "./types";
import type { ElicitationLayout } from "../form/useElicitationLayout";

export interface ElicitationOutletProps {
  queue: ElicitationQueue;
  /** Replacement UI strings, whole or in part. */
  messages?: ElicitationMessagesInput;
  /** Replacement components for some field kinds. */
  fieldComponents?: Partial<FieldRegistry>;
  /** Offer "stop asking" (cancel this and every waiting request from the same server). Default true. */
  stopAsking?: boolean;
  /** In-memory drafts: a form's input left by Cancel, withdrawal, timeout or "stop asking" is offered again when the same server asks the same form. */
  drafts?: ElicitationDraftStore;
  /** Language of the wording (`lang`), e.g. "de". */
  locale?: string;
  /** Text direction; "rtl" mirrors the layout. */
  dir?: "ltr" | "rtl" | "auto";
  /** Milliseconds each newly shown dialog ignores input (the next in the queue included). Default 500. */
  protectionInterval?: number;
  /** Where the dialog is rendered (a portal); defaults to `document.body`. */
  container?: Element | DocumentFragment | null;
  /** The icon drawn before the title for a server, from the host's own records (e.g. its logo, `alt=""`). */
  serverIcon?: (serverName: string) => ReactNode;
  className?: string;
  /** "form" (default), "steps" (one question at a time) or "auto" (steps for more than five fields or a narrow viewport). */
  layout?: ElicitationLayout;
}

/**
 * Draws the head of the queue as a dialog, one request at a time. A withdrawn or timed-out request
 * leaves the snapshot, so its dialog unmounts at once; the next one mounts under a fresh key.
 */
export function ElicitationOutlet({
  queue,
  messages,
  fieldComponents,
  stopAsking = true,
  drafts,
  locale,
  dir,
  protectionInterval,
  container,
  serverIcon,
  className,
  layout,
}: ElicitationOutletProps) {
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const resolved = useMemo(() => ({ ...defaultHostMessages, ...resolveMessages(messages) }), [messages]);
  const current = snapshot.current;

  return (
    <>
      {current ? (
        <ElicitationDialog
          key={current.id}
          serverName={current.serverName}
          request={current.params}
          onResponse={(result) => queue.respond(current.id, result)}
          // Timeout, "stop asking" or withdrawal: the dialog keeps a draft and closes without answering.
          signal={current.signal}
          messages={messages}
          fieldComponents={fieldComponents}
          limits={queue.limits}
          sensitiveFields={queue.sensitiveFields}
          drafts={drafts}
          locale={locale}
          dir={dir}
          protectionInterval={protectionInterval}
          container={container}
          icon={serverIcon?.(current.serverName)}
          className={className}
          urlStepDone={current.completed}
          layout={layout}
          status={
            <DialogStatus
              serverName={current.serverName}
              position={1}
              total={snapshot.entries.length}
              deadline={current.deadline}
              now={queue.now}
              onStopAsking={stopAsking ? () => queue.cancelServer(current.serverName) : undefined}
              messages={resolved}
            />
          }
        />
      ) : null}
      <UrlStepNotices steps={snapshot.urlSteps} onDismiss={queue.dismissUrlStep} messages={resolved} />
    </>
  );
}
