import { useCallback, useInsertionEffect, useRef } from "react";

/** Any function: its own parameters and result are kept (`never[]` accepts every parameter list). */
type AnyFunction = (...args: never[]) => unknown;

/**
 * A stable function that always calls the latest `callback`, with its parameters and result. Components
 * hand it to effects and listeners that must not re-run when a host passes a new inline callback on
 * every render. Without a callback it does nothing (and returns undefined, whatever the type says).
 */
export function useCallbackRef<T extends AnyFunction>(callback: T | undefined): (...args: Parameters<T>) => ReturnType<T> {
  const latest = useRef(callback);
  // Updated before any layout effect or event handler of this render can call it.
  useInsertionEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Parameters<T>) => latest.current?.(...args) as ReturnType<T>, []);
}
