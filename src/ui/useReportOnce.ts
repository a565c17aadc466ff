import { useEffect, useRef } from "react";
import { useCallbackRef } from "./useCallbackRef";

/**
 * Calls `report` with `value` once per distinct value, after the render that shows it, also when
 * StrictMode runs effects twice: a host hears of one invalid request once, however often it is drawn.
 */
export function useReportOnce<T extends object>(value: T | undefined, report: ((value: T) => void) | undefined): void {
  const stable = useCallbackRef(report);
  const reported = useRef<T>(undefined);
  useEffect(() => {
    if (value === undefined || reported.current === value) return;
    reported.current = value;
    stable(value);
  }, [value, stable]);
}
