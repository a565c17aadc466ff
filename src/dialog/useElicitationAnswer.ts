import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ElicitationSchemaError } from "../core/request/ElicitationSchemaError";
import type { ElicitationLimits } from "../core/request/limits";
import { prepareElicitationRequest, type PreparedElicitationRequest } from "../core/request/prepareElicitationRequest";
import type { ElicitContent, ElicitParams, ElicitResult, FileInputs, FormValues } from "../core/types";
import { useCallbackRef } from "../ui/useCallbackRef";
import { useReportOnce } from "../ui/useReportOnce";
import type { ElicitationDraftStore } from "../form/createElicitationDraftStore";
import { useElicitationDraft, type ElicitationDraft } from "../form/useElicitationDraft";
import { useElicitationForm, type UseElicitationFormResult } from "../form/useElicitationForm";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import type { ElicitationMessagesInput } from "../messages/resolveMessages";
import type { ElicitationAnswerStore } from "../form/createElicitationAnswerStore";
import type { SensitiveFieldPolicy } from "../core/types";
import { loadFormChecks } from "../core/loading/loadFormChecks";

export interface UseElicitationAnswerOptions {
  /** Who is asking. Comes from the host's own record of the connection, never from the request. */
  serverName: string;
  /** The request as a queue prepared it (`prepareElicitationRequest`); drawn as is, never prepared again. */
  prepared?: PreparedElicitationRequest;
  /** The `params` of `elicitation/create` exactly as received, for a host without a queue: prepared here, once. Ignored when `prepared` is given. */
  request?: ElicitParams;
  /** Size limits applied when preparing `request`. */
  limits?: Partial<ElicitationLimits>;
  /** Sensitive-field policy applied when preparing `request`: "warn" (default) or "decline" (answered at once). */
  sensitiveFields?: SensitiveFieldPolicy;
  /** File inputs (draft SEP-2356) when preparing `request`, given `fileInputs` from "react-mcp-elicitation/core": `x-mcp-file` properties become file pickers. Off by default. */
  fileInputs?: FileInputs | false;
  /** BCP 47 language of the wording: picks the catalogue `messages` fill in. */
  locale?: string;
  /**
   * Called with the answer (never after `signal` aborts). It may return a promise when the answer can be
   * refused on its way (a relay): the answer counts as given (draft, kept answer) once it resolves,
   * nothing more is sent meanwhile, and a rejection with `ElicitationAnswerRefused` puts its errors on
   * the fields for another answer. `delivery` and `notice` say so on the card (the outlet passes both).
   */
  onResponse: (result: ElicitResult) => void;
  /**
   * Where the answer is, as the host knows it (the outlet passes the queue's `entry.delivery`):
   * "sending", the buttons wait; "retrying", Cancel may replace it; "closed", the request closed
   * elsewhere and nothing can be answered while the card says why.
   */
  delivery?: "sending" | "retrying" | "closed";
  /** Aborts when the request is withdrawn: nothing is answered, what was typed is kept as a draft. */
  signal?: AbortSignal;
  /** Called once when the request is not a valid elicitation (answer JSON-RPC -32602). */
  onInvalidRequest?: (error: ElicitationSchemaError) => void;
  messages?: ElicitationMessagesInput;
  /** Drafts (`createElicitationDraftStore()`): what is typed is kept for this question as the person types. */
  drafts?: ElicitationDraftStore;
  /** The question's own key for `drafts` (the outlet passes the queue entry's `draftKey`): drawn again, it starts from what was typed. Without it only the store's `offerClosed` applies. */
  draftKey?: string;
  /** The request's `context` (the outlet passes the entry's): the store's `offerClosed` looks no further than it by default. */
  context?: Readonly<Record<string, string>>;
  /** Answers kept on submit (`createElicitationAnswerStore()`), offered again for the same form from the same server, by default in the same `context`. */
  answers?: ElicitationAnswerStore;
}

export interface ElicitationAnswer {
  serverName: string;
  prepared: PreparedElicitationRequest;
  messages: ElicitationMessages;
  /** The form of a form-mode request (a form with no fields otherwise). */
  form: UseElicitationFormResult;
  draft: ElicitationDraft;
  /** Whether anything should be drawn: false once answered or withdrawn, when the policy answered, or when an invalid request was reported to the host. */
  open: boolean;
  /** The one way to answer; every call after the first (or after withdrawal) does nothing, except Cancel while a failed answer is retried. */
  respond: (result: ElicitResult) => void;
  /** `delivery` as given: while it is set the buttons wait (Cancel comes back when "retrying"); what was typed stays. */
  delivery: "sending" | "retrying" | "closed" | undefined;
  cancel: () => void;
  decline: () => void;
  accept: (content: ElicitContent) => void;
  /** The person's last submitted values for this same form from this same server, when the host keeps answers; undefined once used. */
  lastAnswer: FormValues | undefined;
  /** Fills the form with `lastAnswer`; it never sends anything. */
  fillLastAnswer: () => void;
}

/**
 * The life of one answer, whatever draws it: prepared once, answered exactly once, closed without
 * an answer when withdrawn, the host's sensitive-field policy applied, an invalid request reported
 * once, drafts kept and restored, last answers offered again. The dialog, the inline card and a
 * host's own arrangement of the parts all use it, so every protection holds in each of them.
 */
export function useElicitationAnswer(options: UseElicitationAnswerOptions): ElicitationAnswer {
  const { serverName, signal, prepared: given, request, context } = options;
  // Keyed by value, not identity: a host passing `limits={{ … }}` inline must not reset the form.
  const limitsKey = JSON.stringify(options.limits ?? null);
  // Synchronous, so the fields are drawn on the first paint. A queue's request arrives prepared.
  const own = useMemo(
    () => (given ? undefined : prepareElicitationRequest(request, { limits: options.limits, sensitiveFields: options.sensitiveFields, fileInputs: options.fileInputs })),
    [given, request, limitsKey, options.sensitiveFields, options.fileInputs],
  );
  const prepared = given ?? own!;
  const [finished, setFinished] = useState(() => signal?.aborted ?? false);
  // The answer being sent: Cancel while retrying replaces it, and the first answer's outcome settles it.
  const sent = useRef<ElicitResult>(undefined);
  const { delivery } = options;
  const answered = useRef(finished);
  const onResponse = useCallbackRef(options.onResponse);
  const closedElsewhere = useCallbackRef(() => options.delivery === "closed");

  const formSchema = prepared.ok && prepared.request.mode === "form" ? prepared.request.schema : undefined;
  const draft = useElicitationDraft(options.drafts, { serverName, key: options.draftKey, context: options.context }, formSchema);
  const form = useElicitationForm(formSchema, { messages: options.messages, values: draft.restored, locale: options.locale });
  const { settle, typed } = draft;
  const getValues = form.form.getValues;

  const answers = options.answers;
  const message = prepared.ok ? prepared.request.message : "";
  // Read once per request: what the person submitted last time this server asked this very form.
  const [lastAnswer, setLastAnswer] = useState(() => (formSchema ? answers?.get(serverName, formSchema, message, context) : undefined));

  const rhf = form.form;
  const respond = useCallback(
    (result: ElicitResult) => {
      // Only Cancel may follow an answer, and only while that answer fails to send.
      if (delivery === "closed" || (answered.current && !(result.action === "cancel" && delivery === "retrying"))) return;
      const replacing = answered.current;
      answered.current = true;
      sent.current = result;
      // The answer was taken: the draft and the kept answer follow it. Answer first, keep second: a
      // host's store that throws (a full localStorage) costs the kept copy, never the answer.
      const taken = (result: ElicitResult) => {
        setFinished(true);
        try {
          if (result.action === "cancel") settle("closed", getValues());
          else settle("answered");
          if (result.action === "accept" && formSchema) answers?.set(serverName, formSchema, message, getValues(), context);
        } catch {
          // Nothing kept this time; the answer was sent.
        }
      };
      const outcome: unknown = onResponse(result);
      if (replacing) return;
      if (typeof (outcome as PromiseLike<unknown> | undefined)?.then !== "function") return taken(result);
      // Kept (draft, last answer) once the receiver took it; a refusal goes back to the fields.
      (outcome as PromiseLike<unknown>).then(
        () => taken(sent.current!),
        (error: unknown) => {
          answered.current = false;
          // The code that reads a refusal loads with the first one (a page that never meets one never loads it).
          import("./showAnswerRefusal").then(
            (module) => module.showAnswerRefusal(rhf, form.fields, error, form.messages, loadFormChecks),
            // Could not load: the part of the page that reads it is missing, as the form says then.
            () => rhf.setError("root", { message: form.messages.validationUnavailable }),
          );
        },
      );
    },
    [settle, answers, formSchema, message, serverName, context, getValues, onResponse, rhf, form.fields, form.messages, delivery],
  );

  // The host's sensitive-field policy answered for the person (prepareElicitationRequest decides).
  const autoAnswer = prepared.ok ? prepared.answer : undefined;
  useEffect(() => {
    if (autoAnswer) respond(autoAnswer);
  }, [autoAnswer, respond]);

  useEffect(() => {
    if (!signal) return;
    const withdraw = () => {
      // Closed elsewhere (the card said why): the question is over, its draft is not kept for it.
      if (!answered.current) settle(closedElsewhere() ? "closed" : "left", getValues());
      answered.current = true;
      setFinished(true);
    };
    if (signal.aborted) withdraw();
    signal.addEventListener("abort", withdraw, { once: true });
    return () => signal.removeEventListener("abort", withdraw);
  }, [signal, settle, getValues, closedElsewhere]);

  // Kept as the person types, not only when the question ends: a navigation or a crash keeps it too.
  const subscribe = form.form.subscribe;
  useEffect(() => (formSchema ? subscribe({ formState: { values: true }, callback: () => typed(getValues) }) : undefined), [subscribe, typed, getValues, formSchema]);

  const invalid = prepared.ok ? undefined : prepared.error;
  useReportOnce(invalid, options.onInvalidRequest);

  const cancel = () => respond({ action: "cancel" });
  const decline = () => respond({ action: "decline" });
  const accept = (content: ElicitContent) => respond({ action: "accept", content });
  // Sensitive fields were never kept: whatever the person typed in them stays.
  const fillLastAnswer = () => {
    form.form.reset({ ...getValues(), ...lastAnswer });
    setLastAnswer(undefined);
  };

  const open = !finished && autoAnswer === undefined && !(invalid !== undefined && options.onInvalidRequest !== undefined);
  // The form resolved the wording already: one copy for the form and the frame around it.
  return { serverName, prepared, messages: form.messages, form, draft, open, respond, delivery, cancel, decline, accept, lastAnswer, fillLastAnswer };
}
