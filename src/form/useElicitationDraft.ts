import { useCallback, useEffect, useRef, useState } from "react";
import { useCallbackRef } from "../ui/useCallbackRef";
import { initialFormValues } from "../core/values/initialFormValues";
import type { FormValues, ParsedElicitationSchema } from "../core/types";
import type { ElicitationDraftQuestion, ElicitationDraftStore } from "./createElicitationDraftStore";

/**
 * How a question's draft ends here: "answered" (Submit, Decline); "closed" without an answer (Cancel,
 * closed elsewhere: the question is over); "left" this page unanswered (withdrawn, timed out, the page let
 * it go: it may be drawn again).
 */
export type ElicitationDraftOutcome = "answered" | "closed" | "left";

export interface ElicitationDraft {
  /** What was typed into this question before (or, with the store's `offerClosed`, into a closed one of the same form), read once per mount. */
  restored: FormValues | undefined;
  /** Whether to tell the person their earlier answers are back (until they clear them). */
  showRestored: boolean;
  /** The person changed something: the draft is kept a moment later (a burst of typing is kept once). */
  typed: (values: () => FormValues) => void;
  /** The question is over here: "answered" forgets the draft; "closed" and "left" keep `values` as the store's rules say. */
  settle: (outcome: ElicitationDraftOutcome, values?: FormValues) => void;
  /** Forgets the draft now and returns the schema's own starting values. */
  clear: () => FormValues;
}

/** The question a form's draft belongs to, as the dialog knows it. */
export interface ElicitationDraftTarget {
  serverName: string;
  /** The question's own key (the queue entry's `draftKey`); without it nothing is kept for the question itself. */
  key?: string;
  context?: Readonly<Record<string, string>>;
}

/** Quiet time after a change before the draft is kept: a burst of keys is one write. */
export const DRAFT_SAVE_DELAY_MS = 300;
/** Longest a change waits to be kept while the person keeps typing. */
export const DRAFT_SAVE_MAX_WAIT_MS = 2_000;

/** Everything about one form's draft in one place: restore on mount, keep as the person types, keep or forget when the question ends, clear. */
export function useElicitationDraft(
  store: ElicitationDraftStore | undefined,
  target: ElicitationDraftTarget,
  schema: ParsedElicitationSchema | undefined,
): ElicitationDraft {
  const questionOf = (schema: ParsedElicitationSchema): ElicitationDraftQuestion => ({
    key: target.key ?? "",
    serverName: target.serverName,
    formKey: schema.formKey,
    ...(target.context ? { context: target.context } : {}),
  });
  const [restored] = useState(() => (store && schema ? store.get(questionOf(schema)) : undefined));
  const [showRestored, setShowRestored] = useState(restored !== undefined);
  // What the callbacks read of the latest render, through one stable function.
  const latest = useCallbackRef(() => ({ store, schema, question: schema ? questionOf(schema) : undefined, own: target.key !== undefined }));
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; since: number; read: () => FormValues }>(undefined);
  const over = useRef(false);

  /** Keeps `values` as the question's own draft, or forgets it when they are the untouched defaults. */
  const keepOwn = useCallback((values: FormValues) => {
    const { store, schema, question, own } = latest();
    if (!store || !schema || !question || !own) return;
    // Compared value by value: a file's data: URI is millions of characters, which JSON would copy.
    if (sameValues(values, initialFormValues(schema.fields))) store.delete(question);
    else store.set(question, values, schema.fields);
  }, [latest]);

  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = undefined;
    keepOwn(waiting.read());
  }, [keepOwn]);

  const typed = useCallback((read: () => FormValues) => {
    if (over.current || !latest().own || !latest().store) return;
    const since = pending.current?.since ?? Date.now();
    if (pending.current) clearTimeout(pending.current.timer);
    const wait = Math.max(0, Math.min(DRAFT_SAVE_DELAY_MS, since + DRAFT_SAVE_MAX_WAIT_MS - Date.now()));
    pending.current = { timer: setTimeout(flush, wait), since, read };
  }, [flush, latest]);

  // Unmounted with the question still open (the outlet left the page, a navigation without reload):
  // what was typed is kept now, for when it is drawn again.
  useEffect(() => flush, [flush]);

  const settle = useCallback((outcome: ElicitationDraftOutcome, values?: FormValues) => {
    const waiting = pending.current;
    if (waiting) clearTimeout(waiting.timer);
    pending.current = undefined;
    over.current = true;
    const { store, schema, question } = latest();
    if (!store || !schema || !question) return;
    const changed = values !== undefined && !sameValues(values, initialFormValues(schema.fields));
    if (outcome === "left" && values !== undefined) keepOwn(values);
    else store.delete(question);
    if (changed && outcome !== "answered") store.keepClosed(question, values, schema.fields);
  }, [latest, keepOwn]);

  const clear = useCallback(() => {
    const { store, schema, question } = latest();
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = undefined;
    if (store && question) store.delete(question);
    setShowRestored(false);
    return schema ? initialFormValues(schema.fields) : {};
  }, [latest]);

  return { restored, showRestored, typed, settle, clear };
}

/** Whether two forms' values are the same, key by key (form names, so no key is special; lists item by item). */
function sameValues(a: FormValues, b: FormValues): boolean {
  return Object.keys({ ...a, ...b }).every((key) => {
    const x = a[key];
    const y = b[key];
    return Array.isArray(x) && Array.isArray(y) ? x.length === y.length && x.every((item, i) => item === y[i]) : x === y;
  });
}
