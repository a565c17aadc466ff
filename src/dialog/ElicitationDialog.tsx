import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import type { ElicitationSchemaError } from "../core/ElicitationSchemaError";
import { parseElicitationRequest } from "../core/parseElicitationRequest";
import type { ElicitParams, ElicitResult } from "../core/types";
import type { FieldRegistry } from "../fields/fieldRegistry";
import { ElicitationForm } from "../form/ElicitationForm";
import { fillTemplate } from "../messages/fillTemplate";
import { resolveMessages, type ElicitationMessagesInput } from "../messages/resolveMessages";
import { DialogTitle } from "./DialogTitle";
import { UrlModeBody } from "./UrlModeBody";
import { useModalDialog } from "./useModalDialog";

export interface ElicitationDialogProps {
  /** Who is asking. Comes from the host's own record of the connection, never from the request. */
  serverName: string;
  /** The `params` of `elicitation/create` exactly as received. */
  request: ElicitParams;
  /** Called exactly once with the person's answer (never after `signal` aborts). */
  onResponse: (result: ElicitResult) => void;
  /** Aborts when the server withdraws the request or the host gives up: the dialog closes without answering. */
  signal?: AbortSignal;
  /** Replacement UI strings, whole or in part. */
  messages?: ElicitationMessagesInput;
  /** Replacement components for some field kinds. */
  fieldComponents?: Partial<FieldRegistry>;
  /**
   * Called once when `request` is not a valid elicitation (the host should answer JSON-RPC -32602).
   * When given, the dialog draws nothing for such a request; otherwise it shows the reason and a Close button that answers cancel.
   */
  onInvalidRequest?: (error: ElicitationSchemaError) => void;
  /** Escape pressed; call `event.preventDefault()` to keep the dialog open. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /** Pointer down on the backdrop; call `event.preventDefault()` to keep the dialog open. */
  onPointerDownOutside?: (event: PointerEvent) => void;
  /** Drawn under the title: queue position, time left. */
  status?: ReactNode;
  /** URL mode: the server reported the step complete (`notifications/elicitation/complete`). */
  urlStepDone?: boolean;
  /** BCP 47 language of the wording (`lang` on the dialog), e.g. "de"; native number and date inputs take it as their hint. */
  locale?: string;
  /** Text direction of the dialog; "rtl" for Arabic, Hebrew, Persian… The layout mirrors. */
  dir?: "ltr" | "rtl" | "auto";
  className?: string;
}

/**
 * One elicitation request as a modal dialog: who asks, why, the fields, and the three answers.
 * Render it with a `key` per request so each request starts fresh.
 */
export function ElicitationDialog(props: ElicitationDialogProps) {
  const { serverName, request, signal } = props;
  const parsed = useMemo(() => parseElicitationRequest(request), [request]);
  const messages = useMemo(() => resolveMessages(props.messages), [props.messages]);
  const [finished, setFinished] = useState(() => signal?.aborted ?? false);
  const answered = useRef(finished);
  const onResponse = useRef(props.onResponse);
  onResponse.current = props.onResponse;

  const respond = useCallback((result: ElicitResult) => {
    if (answered.current) return;
    answered.current = true;
    setFinished(true);
    onResponse.current(result);
  }, []);

  useEffect(() => {
    if (!signal) return;
    const withdraw = () => {
      answered.current = true;
      setFinished(true);
    };
    if (signal.aborted) withdraw();
    signal.addEventListener("abort", withdraw, { once: true });
    return () => signal.removeEventListener("abort", withdraw);
  }, [signal]);

  const onInvalidRequest = useRef(props.onInvalidRequest);
  onInvalidRequest.current = props.onInvalidRequest;
  const invalid = parsed.ok ? undefined : parsed.error;
  useEffect(() => {
    if (invalid) onInvalidRequest.current?.(invalid);
  }, [invalid]);

  const hidden = finished || (invalid !== undefined && props.onInvalidRequest !== undefined);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancel = useCallback(() => respond({ action: "cancel" }), [respond]);
  const handlers = useModalDialog(dialogRef, {
    open: !hidden,
    onDismiss: cancel,
    onEscapeKeyDown: props.onEscapeKeyDown,
    onPointerDownOutside: props.onPointerDownOutside,
  });
  const titleId = useId();
  const messageId = useId();

  if (hidden) return null;

  const mode = parsed.ok ? parsed.request.mode : "invalid";
  const message = parsed.ok ? parsed.request.message : undefined;

  let body: ReactNode;
  if (!parsed.ok) {
    body = (
      <div className="rme-form rme-form--invalid" data-state="invalid">
        <p className="rme-form__invalid" role="alert">
          {fillTemplate(messages.invalidRequest, { reason: parsed.error.message })}
        </p>
        <div className="rme-actions">
          <button type="button" className="rme-button" data-action="cancel" onClick={cancel}>
            {messages.close}
          </button>
        </div>
      </div>
    );
  } else if (parsed.request.mode === "form") {
    body = (
      <ElicitationForm
        schema={parsed.request.schema}
        messages={props.messages}
        fieldComponents={props.fieldComponents}
        onSubmit={(content) => respond({ action: "accept", content })}
        actions={
          <div className="rme-actions">
            <button type="button" className="rme-button" data-action="cancel" onClick={cancel}>
              {messages.cancel}
            </button>
            <button type="button" className="rme-button" data-action="decline" onClick={() => respond({ action: "decline" })}>
              {messages.decline}
            </button>
            <button type="submit" className="rme-button rme-button--primary" data-action="accept">
              {messages.submit}
            </button>
          </div>
        }
      />
    );
  } else {
    body = (
      <UrlModeBody serverName={serverName} url={parsed.request.url} messages={messages} completed={props.urlStepDone} respond={respond} />
    );
  }

  return (
    <dialog
      ref={dialogRef}
      className={["rme-dialog", props.className].filter(Boolean).join(" ")}
      data-mode={mode}
      lang={props.locale}
      dir={props.dir}
      aria-labelledby={titleId}
      aria-describedby={message !== undefined ? messageId : undefined}
      {...handlers}
    >
      <div className="rme-dialog__surface" tabIndex={-1}>
        <header className="rme-dialog__header">
          <DialogTitle id={titleId} template={messages.dialogTitle} serverName={serverName} />
          {props.status}
        </header>
        {message !== undefined ? (
          <p id={messageId} className="rme-dialog__message">
            {message}
          </p>
        ) : null}
        {body}
      </div>
    </dialog>
  );
}
