import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useElicitationLayout, type ElicitationLayout } from "../form/useElicitationLayout";
import { fillTemplate } from "../messages/fillTemplate";
import { ElicitationDialogContext, type ElicitationDialogContextValue } from "./ElicitationDialogContext";
import type { ElicitationAnswer } from "./useElicitationAnswer";
import { useDialogSurface } from "./useDialogSurface";
import type { TextDirection } from "../ui/TextDirection";

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
  dir?: TextDirection;
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
   * Inline only: move focus to the card (its surface, never a field) when it appears and nothing
   * else has focus. Off by default, so a card never takes focus from what the person is doing; the
   * outlet turns it on for the card that replaces one the person just answered from inside it.
   */
  takeFocus?: boolean;
  /**
   * How `Body` draws a form: "form" (default) every field at once; "steps" one question at a time,
   * with Back, Next and a review before Submit; "auto" steps for more than five fields or a viewport
   * narrower than 480 px. Chosen once per request, here, so a host's own arrangement keeps it.
   */
  layout?: ElicitationLayout;
  /**
   * A line at the foot of the card, announced politely: where the answer is ("Sending…", "Could not
   * send your answer. Retrying…") or why the request closed ("Answered in another window"). The
   * outlet fills it from the queue (`deliveryNotice`); a host drawing the dialog itself may too.
   */
  notice?: string;
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
  const { prepared } = answer;
  // The × is Cancel; an invalid request's notice and a finished URL step have their own Close instead.
  const closable = prepared.ok && !(prepared.request.mode === "url" && urlStepDone);
  // The answer's form has no fields unless the request is a form.
  const steps = useElicitationLayout(props.layout, answer.form.fields.length) === "steps";
  const context: ElicitationDialogContextValue = { answer, urlStepDone, closable, steps, protectionInterval: props.protectionInterval, titleId, messageId };
  return (
    <ElicitationDialogContext.Provider value={context}>
      <Frame {...props} presentation={presentation} open={inBrowser && answer.open} titleId={titleId} messageId={messageId} />
    </ElicitationDialogContext.Provider>
  );
}

type FrameProps = ElicitationDialogRootProps & { open: boolean; titleId: string; messageId: string };

/** The element around the parts: a modal <dialog> in a portal, or a <section> where it is placed. */
function Frame({ answer, open, presentation, titleId, messageId, ...props }: FrameProps) {
  const ref = useRef<HTMLElement>(null);
  const inline = presentation === "inline";
  const handlers = useDialogSurface(ref, {
    open,
    modal: !inline,
    takeFocus: props.takeFocus,
    onDismiss: answer.cancel,
    onEscapeKeyDown: props.onEscapeKeyDown,
    onPointerDownOutside: props.onPointerDownOutside,
    protectionInterval: props.protectionInterval,
  });
  // Inline, a polite live region filled a moment after the card is in the page, so screen readers
  // meet it empty and announce the change; focus stays with whatever the person is doing.
  const [announced, setAnnounced] = useState(false);
  useEffect(() => {
    if (!open || !inline) return;
    const timer = setTimeout(() => setAnnounced(true), 150);
    return () => clearTimeout(timer);
  }, [open, inline]);
  if (!open) return null;
  const Element = inline ? "section" : "dialog";
  const frame = (
    <Element
      ref={ref as never}
      className={["rme-dialog", props.className].filter(Boolean).join(" ")}
      data-presentation={inline ? "inline" : undefined}
      data-mode={answer.prepared.ok ? answer.prepared.request.mode : "invalid"}
      lang={props.locale}
      dir={props.dir}
      aria-labelledby={titleId}
      aria-describedby={answer.prepared.ok ? messageId : undefined}
      {...handlers}
      // React events bubble through the portal: the form's submit must not reach a host <form> around it.
      onSubmit={stopPropagation}
    >
      {/* Header and actions stay in place; the message and the fields scroll in their own areas. */}
      <div className="rme-dialog__surface" tabIndex={inline && !props.takeFocus ? undefined : -1}>
        {props.children}
      </div>
      {/* After the parts, whatever their order; always in the page, so that what it comes to say is
          announced (a polite live region: the inline card's role=status announces the card itself). */}
      <p className="rme-dialog__delivery" aria-live="polite">
        {props.notice}
      </p>
      {inline ? (
        <span className="rme-visually-hidden" role="status">
          {announced ? fillTemplate(answer.messages.dialogTitle, { server: answer.serverName }) : ""}
        </span>
      ) : null}
    </Element>
  );
  return inline ? frame : createPortal(frame, props.container ?? document.body);
}

function stopPropagation(event: { stopPropagation(): void }) {
  event.stopPropagation();
}
