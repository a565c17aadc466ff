import { useCallback, useEffect, useMemo, useState } from "react";
import { initialFormValues } from "../core/values/initialFormValues";
import type { FormValues, ParsedElicitationSchema } from "../core/types";
import type { ElicitationDraftKeeper, ElicitationDraftOutcome, ElicitationDraftQuestion, ElicitationDraftStore } from "./createElicitationDraftStore";

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
  const question: ElicitationDraftQuestion | undefined = schema && { key: target.key ?? "", serverName: target.serverName, formKey: schema.formKey, context: target.context };
  const [restored] = useState(() => question && store?.get(question));
  const [showRestored, setShowRestored] = useState(restored !== undefined);
  // The store's rules for this question (kept as typed, written once the typing pauses, kept or
  // forgotten at the end) come with the store, so a page without drafts carries none of them.
  const keeper = useMemo(() => (question && store?.keeper(question, schema!.fields)) || IDLE, [store, schema, target.key, target.serverName]);
  // Unmounted with the question still open (the outlet left the page, a navigation without reload).
  useEffect(() => () => keeper.leave(), [keeper]);
  const clear = useCallback(() => {
    if (question) store?.delete(question);
    setShowRestored(false);
    return initialFormValues(schema?.fields ?? []);
  }, [keeper]);

  return { restored, showRestored, typed: keeper.typed, settle: keeper.settle, clear };
}

/** No store, or no form: nothing to keep. */
const IDLE: ElicitationDraftKeeper = { typed() {}, leave() {}, settle() {} };
