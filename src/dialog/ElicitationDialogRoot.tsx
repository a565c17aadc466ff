import { useContext, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { fillTemplate } from "../messages/fillTemplate";
import { ElicitationDialogContext, type ElicitationDialogContextValue } from "./ElicitationDialogContext";
import type { ElicitationAnswer } from "./useElicitationAnswer";
import { useInlineCard } from "./useInlineCard";
import { useModalDialog } from "./useModalDialog";

export interface ElicitationDialogRootProps {
  /** The answer's life, from `useElicitationAnswer`. */
  answer: ElicitationAnswer;
  /** "dialog" (default): modal, in a portal, focus moved into it. "inline": a card where it is placed, focus left where it is. */
  presentation?: "dialog" | "inline";
  /** URL mode: the server reported the step complete (`notifications/elicitation/complete`). */
  urlStepDone?: boolean;
  /** BCP 47 language of the wording (`lang`), e.g. "de". */
  locale?: string;
  /** Text direction; "rtl" mirrors the layout. */
  dir?: "ltr" | "rtl" | "auto";
  /** Escape pressed; call `event.preventDefault()` to keep it open. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /** Dialog only: pointer down on the backdrop; call `event.preventDefault()` to keep it open. */
  onPointerDownOutside?: (event: PointerEvent) => void;
  /** Milliseconds after it appears during which clicks, key presses and close requests are ignored. Default 500; 0 turns it off. */
  protectionInterval?: number;
  /** Dialog only: where the portal goes; defaults to `document.body`. */
  container?: Element | DocumentFragment | null;
  className?: string;
  /**
   * Inline only: move focus to the card (its surface, never a field) when it appears. Off by
   * default, so a card never takes focus from what the person is doing; the outlet turns it on
   * when the person answered the card before from inside it, so they keep their place.
   */
  takeFocus?: boolean;
  /** The parts: Header, Message, Body, Close — or a host's own arrangement of them. */
  children?: ReactNode;
}

const subscribeNothing = () => () => {};

/**
 * The frame of one request and the state its parts share. Draws nothing once the request is
 * answered or withdrawn, nor on the server or while hydrating: it appears once the page is live.
 */
export function ElicitationDialogRoot(props: ElicitationDialogRootProps) {
  const { answer, presentation = "dialog" } = props;
  const inBrowser = useSyncExternalStore(subscribeNothing, () => true, () => false);
  const titleId = useId();
  const messageId = useId();
  const urlStepDone = props.urlStepDone ?? false;
  const context = useMemo<ElicitationDialogContextValue>(
    () => ({ answer, presentation, urlStepDone, titleId, messageId }),
    [answer, presentation, urlStepDone, titleId, messageId],
  );
  const open = inBrowser && answer.open;
  return (
    <ElicitationDialogContext.Provider value={context}>
      {presentation === "inline" ? <InlineFrame {...props} open={open} /> : <DialogFrame {...props} open={open} />}
    </ElicitationDialogContext.Provider>
  );
}

type FrameProps = ElicitationDialogRootProps & { open: boolean };

/** The frame is named by the title and described by the server's message. */
function useLabels(answer: ElicitationAnswer) {
  const { titleId, messageId } = useContext(ElicitationDialogContext)!;
  const hasMessage = answer.prepared.ok && answer.prepared.request.message !== undefined;
  return { "aria-labelledby": titleId, "aria-describedby": hasMessage ? messageId : undefined };
}

function rootClass(className: string | undefined) {
  return ["rme-dialog", className].filter(Boolean).join(" ");
}

function DialogFrame({ answer, open, ...props }: FrameProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const handlers = useModalDialog(dialogRef, {
    open,
    onDismiss: answer.cancel,
    onEscapeKeyDown: props.onEscapeKeyDown,
    onPointerDownOutside: props.onPointerDownOutside,
    protectionInterval: props.protectionInterval,
  });
  const labels = useLabels(answer);
  if (!open) return null;
  return createPortal(
    <dialog
      ref={dialogRef}
      className={rootClass(props.className)}
      data-mode={answer.prepared.ok ? answer.prepared.request.mode : "invalid"}
      lang={props.locale}
      dir={props.dir}
      {...labels}
      {...handlers}
      // React events bubble through the portal: the dialog's submit must not reach a host <form> around it.
      onSubmit={stopPropagation}
    >
      {/* Header and actions stay in place; the message and the fields scroll in their own areas. */}
      <div className="rme-dialog__surface" tabIndex={-1}>
        {props.children}
      </div>
    </dialog>,
    props.container ?? document.body,
  );
}

function InlineFrame({ answer, open, ...props }: FrameProps) {
  const cardRef = useRef<HTMLElement>(null);
  const { onKeyDown } = useInlineCard(cardRef, {
    open,
    takeFocus: props.takeFocus,
    onDismiss: answer.cancel,
    onEscapeKeyDown: props.onEscapeKeyDown,
    protectionInterval: props.protectionInterval,
  });
  const labels = useLabels(answer);
  // Filled a moment after the card is in the page, so screen readers meet the live region empty
  // first and then announce the change; focus stays with whatever the person is doing.
  const [announced, setAnnounced] = useState(false);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setAnnounced(true), 150);
    return () => clearTimeout(timer);
  }, [open]);
  if (!open) return null;
  return (
    <section
      ref={cardRef}
      className={rootClass(props.className)}
      data-presentation="inline"
      data-mode={answer.prepared.ok ? answer.prepared.request.mode : "invalid"}
      lang={props.locale}
      dir={props.dir}
      {...labels}
      onKeyDown={onKeyDown}
      // The card's submit must not reach a host <form> around it.
      onSubmit={stopPropagation}
    >
      <div className="rme-dialog__surface" tabIndex={props.takeFocus ? -1 : undefined}>
        {props.children}
      </div>
      <span className="rme-visually-hidden" role="status" data-testid="rme-inline-announcement">
        {announced ? fillTemplate(answer.messages.dialogTitle, { server: answer.serverName }) : ""}
      </span>
    </section>
  );
}

function stopPropagation(event: { stopPropagation(): void }) {
  event.stopPropagation();
}
