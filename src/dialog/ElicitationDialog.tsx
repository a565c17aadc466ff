import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { ElicitationSchemaError } from "../core/request/ElicitationSchemaError";
import type { ElicitationLimits } from "../core/request/limits";
import { prepareElicitationRequest } from "../core/request/prepareElicitationRequest";
import type { ElicitParams, ElicitResult } from "../core/types";
import type { FieldRegistry } from "../fields/fieldRegistry";
import type { ElicitationDraftStore } from "../form/createElicitationDraftStore";
import { useElicitationDraft } from "../form/useElicitationDraft";
import { useElicitationForm } from "../form/useElicitationForm";
import { DialogForm } from "./DialogForm";
import { fillTemplate } from "../messages/fillTemplate";
import { resolveMessages, type ElicitationMessagesInput } from "../messages/resolveMessages";
import { useLocaleMessages } from "../messages/useLocaleMessages";
import { DialogNotice } from "./DialogNotice";
import { DialogTitle } from "./DialogTitle";
import { UrlModeBody } from "./UrlModeBody";
import { useModalDialog } from "./useModalDialog";
import { useScrollableFocus } from "./useScrollableFocus";

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
  /** Drawn before the title, e.g. the server's logo from the host's own records (decorative: give it `alt=""`). */
  icon?: ReactNode;
  /** URL mode: the server reported the step complete (`notifications/elicitation/complete`). */
  urlStepDone?: boolean;
  /**
   * BCP 47 language of the wording: sets `lang` and picks the catalogue ("de", "fr", "es", "ja",
   * "zh-Hans", "pt-BR"; "fr-CA" → French, unknown → English) that `messages` fill in. Native number
   * and date inputs take it as their hint.
   */
  locale?: string;
  /** File inputs (draft SEP-2356): `x-mcp-file` properties become file pickers whose value is a data: URI. Off by default. */
  fileInputs?: boolean;
  /** Text direction of the dialog; "rtl" for Arabic, Hebrew, Persian… The layout mirrors. */
  dir?: "ltr" | "rtl" | "auto";
  /** Size limits for the request (fields, message length, options…); over them it is invalid (-32602). */
  limits?: Partial<ElicitationLimits>;
  /**
   * A form field that looks like a password, key, token, secret, card number, card code or
   * national ID: "warn" (default) shows a warning under it; "decline" answers `decline` at once.
   */
  sensitiveFields?: "warn" | "decline";
  /**
   * In-memory drafts (`createElicitationDraftStore()`): on cancel or withdrawal the typed values are
   * kept, and the same server asking the same form again starts from them, with a notice and a way
   * to clear them. Submit and decline forget them.
   */
  drafts?: ElicitationDraftStore;
  /**
   * Milliseconds after the dialog appears during which clicks, key presses and close requests are
   * ignored, so that input meant for what was there before cannot answer it. Default 500; 0 turns it off.
   */
  protectionInterval?: number;
  /** Where the dialog is rendered (a portal); defaults to `document.body`, out of reach of the host page's layout and rules. */
  container?: Element | DocumentFragment | null;
  className?: string;
}

const subscribeNothing = () => () => {};

/**
 * One elicitation request as a modal dialog: who asks, why, the fields, and the three answers.
 * Render it with a `key` per request so each request starts fresh.
 */
export function ElicitationDialog(props: ElicitationDialogProps) {
  // Drawn once the wording of `locale` is here, so no other language flashes first (docs/i18n.md).
  return useLocaleMessages(props.locale, props.messages) === undefined ? null : <LocalizedElicitationDialog {...props} />;
}

function LocalizedElicitationDialog(props: ElicitationDialogProps) {
  const { serverName, request, signal } = props;
  // Keyed by value, not identity: a host passing `limits={{ … }}` inline must not reset the form.
  const limitsKey = JSON.stringify(props.limits ?? null);
  // The one preparation step, synchronous: the fields are drawn on the first paint. Under a queue
  // this is the very result the queue admitted the request with (kept per params object).
  const parsed = useMemo(
    () => prepareElicitationRequest(request, { limits: props.limits, sensitiveFields: props.sensitiveFields, fileInputs: props.fileInputs }),
    [request, limitsKey, props.sensitiveFields, props.fileInputs],
  );
  const catalogue = useLocaleMessages(props.locale, props.messages);
  const messages = useMemo(() => resolveMessages(props.messages, catalogue), [props.messages, catalogue]);
  const [finished, setFinished] = useState(() => signal?.aborted ?? false);
  const answered = useRef(finished);
  const onResponse = useRef(props.onResponse);
  onResponse.current = props.onResponse;

  // The dialog owns its form; cancelled or withdrawn, what was typed is kept for the next identical request.
  const formSchema = parsed.ok && parsed.request.mode === "form" ? parsed.request.schema : undefined;
  const draft = useElicitationDraft(props.drafts, serverName, formSchema);
  const form = useElicitationForm(formSchema, { messages: props.messages, values: draft.restored, locale: props.locale });
  const { settle } = draft;
  const getValues = form.form.getValues;
  const settleDraft = useCallback((keep: boolean) => settle(keep ? getValues() : undefined), [settle, getValues]);

  const respond = useCallback(
    (result: ElicitResult) => {
      if (answered.current) return;
      answered.current = true;
      settleDraft(result.action === "cancel");
      setFinished(true);
      onResponse.current(result);
    },
    [settleDraft],
  );

  // The host's sensitive-field policy answered for the person (prepareElicitationRequest decides).
  const autoAnswer = parsed.ok ? parsed.answer : undefined;
  useEffect(() => {
    if (autoAnswer) respond(autoAnswer);
  }, [autoAnswer, respond]);

  useEffect(() => {
    if (!signal) return;
    const withdraw = () => {
      if (!answered.current) settleDraft(true);
      answered.current = true;
      setFinished(true);
    };
    if (signal.aborted) withdraw();
    signal.addEventListener("abort", withdraw, { once: true });
    return () => signal.removeEventListener("abort", withdraw);
  }, [signal, settleDraft]);

  const onInvalidRequest = useRef(props.onInvalidRequest);
  onInvalidRequest.current = props.onInvalidRequest;
  const invalid = parsed.ok ? undefined : parsed.error;
  // Once per error, also when StrictMode runs the effect twice.
  const reportedInvalid = useRef<ElicitationSchemaError>(undefined);
  useEffect(() => {
    if (!invalid || reportedInvalid.current === invalid) return;
    reportedInvalid.current = invalid;
    onInvalidRequest.current?.(invalid);
  }, [invalid]);

  // No portal target on the server or while hydrating: the dialog appears once the page is live.
  const inBrowser = useSyncExternalStore(subscribeNothing, () => true, () => false);
  const hidden = !inBrowser || finished || autoAnswer !== undefined || (invalid !== undefined && props.onInvalidRequest !== undefined);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancel = useCallback(() => respond({ action: "cancel" }), [respond]);
  const handlers = useModalDialog(dialogRef, {
    open: !hidden,
    onDismiss: cancel,
    onEscapeKeyDown: props.onEscapeKeyDown,
    onPointerDownOutside: props.onPointerDownOutside,
    protectionInterval: props.protectionInterval,
  });
  const titleId = useId();
  const messageId = useId();
  const messageRef = useRef<HTMLParagraphElement>(null);
  const messageTabIndex = useScrollableFocus(messageRef, hidden ? undefined : parsed);

  if (hidden) return null;

  const mode = parsed.ok ? parsed.request.mode : "invalid";
  const message = parsed.ok ? parsed.request.message : undefined;
  // The × is Cancel; notices and a finished URL step have their own Close instead.
  const closable = parsed.ok && !(parsed.request.mode === "url" && props.urlStepDone);

  let body: ReactNode;
  if (!parsed.ok) {
    const reason = fillTemplate(messages.invalidRequest, { reason: parsed.error.message });
    body = <DialogNotice state="invalid" text={reason} closeLabel={messages.close} onClose={cancel} />;
  } else if (parsed.request.mode === "form") {
    body = (
      <DialogForm
        schema={parsed.request.schema}
        controller={form}
        draft={draft}
        fieldComponents={props.fieldComponents}
        onSubmit={(content) => respond({ action: "accept", content })}
        actions={
          <div className="rme-actions">
            <button type="button" className="rme-button rme-button--quiet" data-action="cancel" onClick={cancel}>
              {messages.cancel}
            </button>
            <button type="button" className="rme-button rme-button--secondary" data-action="decline" onClick={() => respond({ action: "decline" })}>
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

  return createPortal(
    <dialog
      ref={dialogRef}
      className={["rme-dialog", props.className].filter(Boolean).join(" ")}
      data-mode={mode}
      lang={props.locale}
      dir={props.dir}
      aria-labelledby={titleId}
      aria-describedby={message !== undefined ? messageId : undefined}
      {...handlers}
      // React events bubble through the portal: the dialog's submit must not reach a host <form> around it.
      onSubmit={stopPropagation}
    >
      {/* Header and actions stay in place; the message and the fields scroll in their own areas. */}
      <div className="rme-dialog__surface" tabIndex={-1}>
        <header className="rme-dialog__header" data-closable={closable ? "" : undefined}>
          {props.icon !== undefined ? <div className="rme-dialog__icon">{props.icon}</div> : null}
          <div className="rme-dialog__heading">
            <DialogTitle id={titleId} template={messages.dialogTitle} serverName={serverName} />
            {props.status}
          </div>
        </header>
        {message !== undefined ? (
          <p id={messageId} ref={messageRef} className="rme-dialog__message" tabIndex={messageTabIndex}>
            {message}
          </p>
        ) : null}
        {body}
        {closable ? (
          // Last in Tab order (after the actions), drawn in the header's corner. The × is drawn by CSS: the dialog holds no markup a request could be mistaken for.
          <button type="button" className="rme-dialog__close" data-action="close" onClick={cancel}>
            <span className="rme-visually-hidden">{messages.close}</span>
          </button>
        ) : null}
      </div>
    </dialog>,
    props.container ?? document.body,
  );
}

function stopPropagation(event: { stopPropagation(): void }) {
  event.stopPropagation();
}
