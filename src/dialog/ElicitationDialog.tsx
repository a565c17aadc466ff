import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { ElicitationSchemaError } from "../core/ElicitationSchemaError";
import { initialFormValues } from "../core/formValues";
import { loadValidationEngine } from "../core/loadValidation";
import { loadedPatternEngine, loadPatternEngine } from "../core/patternEngine";
import { parseRequest, PATTERN_ENGINE_NEEDED } from "../core/requestParser";
import type { ElicitationLimits } from "../core/limits";
import type { ElicitParams, ElicitResult, FormValues } from "../core/types";
import type { FieldRegistry } from "../fields/fieldRegistry";
import type { ElicitationDraftStore } from "../form/createElicitationDraftStore";
import { DialogForm } from "./DialogForm";
import { fillTemplate } from "../messages/fillTemplate";
import { resolveMessages, type ElicitationMessagesInput } from "../messages/resolveMessages";
import { DialogNotice } from "./DialogNotice";
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
  const { serverName, request, signal } = props;
  // Keyed by value, not identity: a host passing `limits={{ … }}` inline must not reset the form.
  const limitsKey = JSON.stringify(props.limits ?? null);
  // A form with a `pattern` can only be checked once the pattern engine is loaded (see
  // patternEngine.ts): until then the dialog draws nothing, so no form appears that the full check
  // would refuse. The queue loads it before admitting such a request, so its dialogs never wait.
  const [patternsLoaded, setPatternsLoaded] = useState(() => loadedPatternEngine() !== undefined);
  const parse = useMemo(
    () => parseRequest(request, { limits: props.limits }, loadedPatternEngine()),
    [request, limitsKey, patternsLoaded],
  );
  const waiting = parse === PATTERN_ENGINE_NEEDED;
  const parsed = waiting ? undefined : parse;
  // The pattern engine failed to load (offline, a blocked chunk): the request can be neither checked nor shown.
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    // The validation engine is needed next: fetch both at once.
    loadValidationEngine().catch(() => {});
    loadPatternEngine().then(
      () => live && setPatternsLoaded(true),
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
    };
  }, [waiting]);
  const messages = useMemo(() => resolveMessages(props.messages), [props.messages]);
  const [finished, setFinished] = useState(() => signal?.aborted ?? false);
  const answered = useRef(finished);
  const onResponse = useRef(props.onResponse);
  onResponse.current = props.onResponse;

  // Cancelled or withdrawn: keep what was typed (if anything) for the next identical request.
  const formValues = useRef<(() => FormValues) | undefined>(undefined);
  const drafts = useRef(props.drafts);
  drafts.current = props.drafts;
  const formSchema = parsed?.ok && parsed.request.mode === "form" ? parsed.request.schema : undefined;
  const settleDraft = useCallback(
    (keep: boolean) => {
      const store = drafts.current;
      if (!store || !formSchema) return;
      const values = keep ? formValues.current?.() : undefined;
      const changed = values !== undefined && JSON.stringify(values) !== JSON.stringify(initialFormValues(formSchema.fields));
      if (changed) store.set(serverName, formSchema.cacheKey, values, formSchema.fields);
      else store.delete(serverName, formSchema.cacheKey);
    },
    [formSchema, serverName],
  );

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

  const declineSensitive = props.sensitiveFields === "decline" && formSchema?.fields.some((f) => f.sensitive !== undefined) === true;
  useEffect(() => {
    if (declineSensitive) respond({ action: "decline" });
  }, [declineSensitive, respond]);

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
  const invalid = parsed === undefined || parsed.ok ? undefined : parsed.error;
  // Once per error, also when StrictMode runs the effect twice.
  const reportedInvalid = useRef<ElicitationSchemaError>(undefined);
  useEffect(() => {
    if (!invalid || reportedInvalid.current === invalid) return;
    reportedInvalid.current = invalid;
    onInvalidRequest.current?.(invalid);
  }, [invalid]);

  // No portal target on the server or while hydrating: the dialog appears once the page is live.
  const inBrowser = useSyncExternalStore(subscribeNothing, () => true, () => false);
  const hidden =
    !inBrowser || finished || (waiting && !unavailable) || declineSensitive || (invalid !== undefined && props.onInvalidRequest !== undefined);
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

  if (hidden) return null;

  const mode = parsed === undefined ? "unavailable" : parsed.ok ? parsed.request.mode : "invalid";
  const message = parsed?.ok ? parsed.request.message : undefined;

  let body: ReactNode;
  if (parsed === undefined) {
    body = <DialogNotice state="unavailable" text={messages.validationUnavailable} closeLabel={messages.close} onClose={cancel} />;
  } else if (!parsed.ok) {
    const reason = fillTemplate(messages.invalidRequest, { reason: parsed.error.message });
    body = <DialogNotice state="invalid" text={reason} closeLabel={messages.close} onClose={cancel} />;
  } else if (parsed.request.mode === "form") {
    body = (
      <DialogForm
        schema={parsed.request.schema}
        serverName={serverName}
        drafts={props.drafts}
        valuesRef={formValues}
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
    </dialog>,
    props.container ?? document.body,
  );
}

function stopPropagation(event: { stopPropagation(): void }) {
  event.stopPropagation();
}
