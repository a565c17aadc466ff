import { useCallback, useSyncExternalStore } from "react";
import type { Control } from "react-hook-form";
import type { FormValue, FormValues } from "../core/types";
import { storedValue, subscribeToField } from "./formStore";

/**
 * The field's value, for inputs drawn from it (radios, checkbox groups): re-renders when it changes.
 * With `enabled` false it reads and watches nothing (the hook stays, so the hook order does not
 * depend on the schema).
 */
export function useFieldValue(control: Control<FormValues>, name: string, enabled = true): FormValue | undefined {
  const subscribe = useCallback(
    (notify: () => void) => (enabled ? subscribeToField(control, name, notify) : () => {}),
    [control, name, enabled],
  );
  const read = () => (enabled ? storedValue(control, name) : undefined);
  return useSyncExternalStore(subscribe, read, read);
}
