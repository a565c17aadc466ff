import { useMemo, useSyncExternalStore, type ReactNode } from "react";
import { DialogStatus } from "../dialog/DialogStatus";
import { ElicitationDialog } from "../dialog/ElicitationDialog";
import { defaultHostMessages } from "../messages/hostMessages";
import { UrlStepNotices } from "../dialog/UrlStepNotices";
import type { FieldRegistry } from "../fields/fieldRegistry";
import type { ElicitationDraftStore } from "../form/createElicitationDraftStore";
import { resolveMessages, type ElicitationMessagesInput } from "../messages/resolveMessages";
import { useLocaleMessages } from "../messages/useLocaleMessages";
import type { ElicitationQueue } from "./types";

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
  /**
   * BCP 47 language of the wording (`lang`, and the catalogue `messages` fill in): "de", "fr", "es",
   * "ja", "zh-Hans", "pt-BR"; others fall back (docs/i18n.md). Its catalogue starts loading when the
   * outlet mounts, so the first request already finds it.
   */
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
}: ElicitationOutletProps) {
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const catalogue = useLocaleMessages(locale, messages);
  const resolved = useMemo(() => ({ ...defaultHostMessages, ...resolveMessages(messages, catalogue) }), [messages, catalogue]);
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
          fileInputs={queue.fileInputs}
          drafts={drafts}
          locale={locale}
          dir={dir}
          protectionInterval={protectionInterval}
          container={container}
          icon={serverIcon?.(current.serverName)}
          className={className}
          urlStepDone={current.completed}
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
