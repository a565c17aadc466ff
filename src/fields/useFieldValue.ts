import { useCallback, useSyncExternalStore } from "react";
import type { Control } from "react-hook-form";
import type { FormValue, FormValues } from "../core/types";
import { storedValue, subscribeToField } from "./formStore";

/**
 * The field's value, for a file field (drawn from it, and whose input arrives later): re-renders
 * when it changes. The other built-in fields drawn from their value watch it with their error
 * (useNativeField's `drawnFromValue`).
 */
export function useFieldValue(control: Control<FormValues>, name: string): FormValue | undefined {
  const subscribe = useCallback((notify: () => void) => subscribeToField(control, name, notify), [control, name]);
  const read = () => storedValue(control, name);
  return useSyncExternalStore(subscribe, read, read);
}
