import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import type { ElicitationAnswerOptions } from "../client/types";
import type { ElicitationRememberScope, ElicitResult } from "../core/types";
import type { ElicitationAnswerStore } from "../form/createElicitationAnswerStore";
import { ElicitationDialog } from "../dialog/ElicitationDialog";
import { ElicitationDialogActions } from "../dialog/ElicitationDialogActions";
import { defaultHostMessages } from "../messages/hostMessages";
import { DialogStatus } from "./DialogStatus";
import { RememberChoices } from "./RememberChoices";
import { RememberedLines } from "./RememberedLines";
import { UrlStepNotices } from "./UrlStepNotices";
import { deliveryNotice } from "./deliveryNotice";
import { useDepartingEntry } from "./useDepartingEntry";
import type { FieldRegistry } from "../fields/fieldRegistry";
import type { ElicitationDraftStore } from "../form/createElicitationDraftStore";
import { resolveMessages, type ElicitationMessagesInput } from "../messages/resolveMessages";
import { useLocaleMessages } from "../messages/useLocaleMessages";
import type { ElicitationQueue, ElicitationQueueEntry } from "../client/types";
import type { ElicitationLayout } from "../form/useElicitationLayout";
import type { TextDirection } from "../ui/TextDirection";

export interface ElicitationOutletProps {
  queue: ElicitationQueue;
  /** Replacement UI strings, whole or in part. */
  messages?: ElicitationMessagesInput;
  /** Replacement components for some field kinds. */
  fieldComponents?: Partial<FieldRegistry>;
  /**
   * Offer "Stop asking" (cancel this and every waiting request from the same server) while more than one
   * request of that server waits, where it does more than Cancel. Default true; false never offers it.
   */
  stopAsking?: boolean;
  /** Drafts (`createElicitationDraftStore()`): what is typed into a request comes back when that request is drawn again (the outlet remounted, the relay's request after a reload). Keep the store where it outlives the outlet. */
  drafts?: ElicitationDraftStore;
  /** Kept answers (`createElicitationAnswerStore()`): the same form from the same server offers "Use my last answer"; "Stop asking" forgets that server's. */
  answers?: ElicitationAnswerStore;
  /**
   * "dialog" (default): each request in a modal dialog. "inline": each request as a card right
   * where the outlet is placed (e.g. in a chat thread), leaving focus where it is.
   */
  presentation?: "dialog" | "inline";
  /**
   * BCP 47 language of the wording (`lang`, and the catalogue `messages` fill in): "de", "fr", "es",
   * "ja", "zh-Hans", "pt-BR"; others fall back (docs/i18n.md). Its catalogue starts loading when the
   * outlet mounts, so the first request already finds it.
   */
  locale?: string;
  /** Text direction; "rtl" mirrors the layout. */
  dir?: TextDirection;
  /** Milliseconds each newly shown dialog ignores input (the next in the queue included). Default 500. */
  protectionInterval?: number;
  /** Where the dialog is rendered (a portal); defaults to `document.body`. Not used inline. */
  container?: Element | DocumentFragment | null;
  /** The icon drawn before the title for a server, from the host's own records (e.g. its logo, `alt=""`). */
  serverIcon?: (serverName: string) => ReactNode;
  className?: string;
  /**
   * Only the requests it returns true for are drawn here, the first of them at a time — e.g. one
   * conversation's or one tool call's, by `entry.context` (docs/relay.md). Several outlets on one queue,
   * each with its own filter, draw their requests side by side; without a filter, the queue's head.
   */
  filter?: (entry: ElicitationQueueEntry) => boolean;
  /** "form" (default), "steps" (one question at a time) or "auto" (steps for more than five fields or a narrow viewport). */
  layout?: ElicitationLayout;
}

/** How many requests of `serverName` wait in the whole queue (what "Stop asking" would cancel). */
const waitingFrom = (entries: readonly ElicitationQueueEntry[], serverName: string) => entries.filter((entry) => entry.serverName === serverName).length;

/**
 * Draws the head of the queue as a dialog (or an inline card), one request at a time. The queue
 * prepared each request when it admitted it; that result is drawn, never prepared again. A withdrawn or timed-out request
 * leaves the snapshot, so its dialog unmounts at once; the next one mounts under a fresh key.
 */
export function ElicitationOutlet({
  queue,
  messages,
  fieldComponents,
  stopAsking = true,
  drafts,
  answers,
  presentation,
  locale,
  dir,
  protectionInterval,
  container,
  serverIcon,
  className,
  layout,
  filter,
}: ElicitationOutletProps) {
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const catalogue = useLocaleMessages(locale, messages);
  const resolved = useMemo(() => ({ ...defaultHostMessages, ...resolveMessages(messages, catalogue) }), [messages, catalogue]);
  // A request closed elsewhere stays a moment, saying why (ElicitationRequestClosed).
  const entries = filter ? snapshot.entries.filter(filter) : snapshot.entries;
  // Questions answered from remembered decisions: a line each where their cards would have been.
  const remembered = filter ? snapshot.remembered.filter(filter) : snapshot.remembered;
  const shown = useDepartingEntry(entries[0]);
  const current = shown.entry;
  // Inline: a card answered from inside it hands focus to the card that replaces it as it leaves, so
  // the person keeps their place. Only that card: one that arrives later (or moves up when another is
  // withdrawn) finds the person somewhere else, typing: it takes focus only when the card drawn just
  // before it (none when nothing was drawn in between) is the one answered from inside.
  const handOffFrom = useRef<string | undefined>(undefined);
  const lastDrawn = useRef<string | undefined>(undefined);
  // Decided once per card, as it appears: later renders (its status, a countdown) must not take it back.
  const currentId = current?.id;
  const takeFocus = useMemo(() => handOffFrom.current !== undefined && handOffFrom.current === lastDrawn.current, [currentId]);
  useEffect(() => {
    lastDrawn.current = currentId;
    // Drawn before its turn in the queue (a filter): its turn, and its timeout, start now.
    if (currentId !== undefined) queue.show(currentId);
  }, [currentId, queue]);
  const focusInsideCard = () =>
    presentation === "inline" && document.activeElement?.closest('.rme-dialog[data-presentation="inline"]') != null;
  const answer = <T,>(id: string, act: () => T): T => {
    handOffFrom.current = focusInsideCard() ? id : undefined;
    const outcome = act();
    // Not taken (refused, or closed meanwhile): nothing to hand over.
    const keep = (taken: unknown) => {
      if (taken === false && handOffFrom.current === id) handOffFrom.current = undefined;
    };
    if (outcome instanceof Promise) outcome.then(keep, () => keep(false));
    else keep(outcome);
    return outcome;
  };
  // What the person ticked to remember on the card now drawn (by its id: a new card starts with nothing ticked).
  const [ticked, setTicked] = useState<{ id: string; scopes: readonly ElicitationRememberScope[] }>({ id: "", scopes: [] });
  const tickedNow = currentId !== undefined && ticked.id === currentId ? ticked.scopes : [];
  const tick = (scope: ElicitationRememberScope, on: boolean) =>
    setTicked({ id: currentId ?? "", scopes: on ? [...new Set([...tickedNow, scope])] : tickedNow.filter((other) => other !== scope) });
  /** Goes with an accept: the widest scope ticked ("server" covers this chat). */
  const choiceFor = (result: ElicitResult): ElicitationAnswerOptions | undefined => {
    if (result.action !== "accept") return undefined;
    const scope = tickedNow.includes("server") ? "server" : tickedNow.includes("chat") ? "chat" : undefined;
    return scope === undefined ? undefined : { remember: scope };
  };
  const rememberParts = (offered: readonly ElicitationRememberScope[], settled: boolean) => {
    const choices = <RememberChoices offered={offered} ticked={tickedNow} onTick={tick} settled={settled} messages={resolved} />;
    return {
      actions: (
        <>
          {choices}
          <ElicitationDialogActions />
        </>
      ),
      beforeSubmit: choices,
    };
  };
  const stop = (id: string, serverName: string) =>
    answer(id, () => {
      queue.cancelServer(serverName);
      // After the answers, and guarded: a host's store that throws costs its kept copies, never the cancel.
      try {
        answers?.forgetServer(serverName);
      } catch {
        // Nothing forgotten this time.
      }
    });

  return (
    <>
      <RememberedLines lines={remembered} messages={resolved} locale={locale} />
      {current ? (
        <ElicitationDialog
          key={current.id}
          serverName={current.serverName}
          prepared={current.prepared}
          onResponse={(result) => answer(current.id, () => queue.submit(current.id, result, choiceFor(result)))}
          // Above the form's Submit (or the steps' review), when the request offers remembering.
          {...(current.remember && current.request.mode === "form" ? rememberParts(current.remember, current.delivery !== undefined || shown.closed) : {})}
          takeFocus={takeFocus}
          // Timeout, "stop asking" or withdrawal: the dialog keeps a draft and closes without answering.
          signal={shown.signal}
          delivery={shown.closed ? "closed" : current.delivery}
          notice={deliveryNotice(current, resolved)}
          messages={messages}
          fieldComponents={fieldComponents}
          drafts={drafts}
          draftKey={current.draftKey}
          context={current.context}
          answers={answers}
          presentation={presentation}
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
              total={entries.length}
              deadline={current.deadline}
              now={queue.now}
              // Not on a card that is only saying why it closes, nor for a server's only request (Cancel does that).
              onStopAsking={
                stopAsking && current === entries[0] && waitingFrom(snapshot.entries, current.serverName) > 1
                  ? () => stop(current.id, current.serverName)
                  : undefined
              }
              messages={resolved}
            />
          }
        />
      ) : null}
      <UrlStepNotices steps={snapshot.urlSteps} onDismiss={queue.dismissUrlStep} messages={resolved} />
    </>
  );
}
