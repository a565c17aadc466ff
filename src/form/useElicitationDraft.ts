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
  /** The person changed something: the store keeps `values()` as the draft (and writes a stored copy once the typing pauses). */
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
  const latest = useCallbackRef(() => ({ store, fields: schema?.fields, question: schema ? questionOf(schema) : undefined, own: target.key !== undefined }));
  const over = useRef(false);

  // What the form holds, once the person changed something: kept at once in memory, and written to
  // storage once the typing pauses, or at once when the form leaves the page with its draft still kept.
  const read = useRef<() => FormValues>(undefined);
  const keep = useCallback((typing: boolean) => {
    const { store, fields, question, own } = latest();
    if (over.current || !own || !store || !question || !read.current) return;
    // Unmounted (the outlet left the page, a navigation without reload): a draft forgotten meanwhile (a sign-out) stays so.
    if (typing || store.get(question)) store.set(question, read.current(), fields, typing);
  }, [latest]);
  const typed = useCallback((values: () => FormValues) => {
    read.current = values;
    keep(true);
  }, [keep]);
  useEffect(() => () => keep(false), [keep]);

  const settle = useCallback((outcome: ElicitationDraftOutcome, values?: FormValues) => {
    over.current = true;
    const { store, fields, question, own } = latest();
    if (!store || !question) return;
    if (outcome !== "left" || values === undefined) store.delete(question);
    else if (own) store.set(question, values, fields);
    if (values !== undefined && outcome !== "answered") store.keepClosed(question, values, fields);
  }, [latest]);

  const clear = useCallback(() => {
    const { store, fields = [], question } = latest();
    if (store && question) store.delete(question);
    setShowRestored(false);
    return initialFormValues(fields);
  }, [latest]);

  return { restored, showRestored, typed, settle, clear };
}
