import { useCallback, useState } from "react";
import { useCallbackRef } from "../ui/useCallbackRef";
import { initialFormValues } from "../core/values/initialFormValues";
import type { FormValues, ParsedElicitationSchema } from "../core/types";
import type { ElicitationDraftStore } from "./createElicitationDraftStore";

export interface ElicitationDraft {
  /** The values kept from an earlier cancel of the same form by the same server, read once per mount. */
  restored: FormValues | undefined;
  /** Whether to tell the person their earlier answers are back (until they clear them). */
  showRestored: boolean;
  /** Keeps `values` for next time (cancel, withdrawal) or, without them, forgets the draft (submit, decline). */
  settle: (values?: FormValues) => void;
  /** Forgets the draft now and returns the schema's own starting values. */
  clear: () => FormValues;
}

/** Everything about one form's draft in one place: restore on mount, keep or forget on answer, clear. */
export function useElicitationDraft(
  store: ElicitationDraftStore | undefined,
  serverName: string,
  schema: ParsedElicitationSchema | undefined,
): ElicitationDraft {
  const [restored] = useState(() => (store && schema ? store.get(serverName, schema.formKey) : undefined));
  const [showRestored, setShowRestored] = useState(restored !== undefined);
  // What settle and clear read of the latest render, through one stable function.
  const latest = useCallbackRef(() => ({ store, serverName, schema }));

  const settle = useCallback((values?: FormValues) => {
    const { store, serverName, schema } = latest();
    if (!store || !schema) return;
    // Untouched defaults are not a draft worth offering again.
    // Compared value by value: a file's data: URI is millions of characters, which JSON would copy.
    const changed = values !== undefined && !sameValues(values, initialFormValues(schema.fields));
    if (changed) store.set(serverName, schema.formKey, values, schema.fields);
    else store.delete(serverName, schema.formKey);
  }, [latest]);

  const clear = useCallback(() => {
    const { store, serverName, schema } = latest();
    if (store && schema) store.delete(serverName, schema.formKey);
    setShowRestored(false);
    return schema ? initialFormValues(schema.fields) : {};
  }, [latest]);

  return { restored, showRestored, settle, clear };
}

/** Whether two forms' values are the same, key by key (form names, so no key is special; lists item by item). */
function sameValues(a: FormValues, b: FormValues): boolean {
  return Object.keys({ ...a, ...b }).every((key) => {
    const x = a[key];
    const y = b[key];
    return Array.isArray(x) && Array.isArray(y) ? x.length === y.length && x.every((item, i) => item === y[i]) : x === y;
  });
}
