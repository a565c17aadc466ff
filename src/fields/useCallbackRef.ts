import { useCallback, useInsertionEffect, useRef } from "react";

/**
 * A stable function that always calls the latest `callback`. Components hand it to effects and
 * listeners that must not re-run when a host passes a new inline callback on every render.
 */
export function useCallbackRef<Args extends unknown[], Result>(
  callback: ((...args: Args) => Result) | undefined,
): (...args: Args) => Result | undefined {
  const latest = useRef(callback);
  // Updated before any layout effect or event handler of this render can call it.
  useInsertionEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current?.(...args), []);
}
