import { useState, type RefObject } from "react";
import { flushSync } from "react-dom";
import { useClientLayoutEffect } from "../ui/useClientLayoutEffect";

/**
 * `tabIndex` for a region that may scroll: 0 while its content overflows, so a keyboard can
 * reach and scroll it (WCAG 2.1.1), and nothing otherwise, so a short region is no extra Tab stop.
 * Focusable from the first render, and measured before the browser paints: no frame, on a busy page
 * either, shows a region that scrolls and cannot be reached. `content` re-measures when the
 * region's element or text changes.
 */
export function useScrollableFocus(ref: RefObject<HTMLElement | null>, content: unknown): 0 | undefined {
  const [overflowing, setOverflowing] = useState(true);
  useClientLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const overflows = () => (element.getClientRects().length === 0 ? undefined : element.scrollHeight > element.clientHeight + 1);
    let gone = false;
    const now = overflows();
    if (now !== undefined) setOverflowing(now);
    // Not laid out yet (a dialog opens after its parts' layout effects): measured again once this
    // commit is done, before any input reaches the page — a short region must not take the first Tab.
    else
      queueMicrotask(() => {
        const measured = gone ? undefined : overflows();
        if (measured !== undefined) flushSync(() => setOverflowing(measured));
      });
    if (typeof ResizeObserver === "undefined") return () => void (gone = true);
    // Its first report comes after the first layout and before that frame is painted: the change is
    // drawn in that frame (flushSync), not in a render a busy page gets to later.
    const observer = new ResizeObserver(() => {
      const measured = overflows();
      if (measured !== undefined) flushSync(() => setOverflowing(measured));
    });
    observer.observe(element);
    return () => {
      gone = true;
      observer.disconnect();
    };
  }, [ref, content]);
  return overflowing ? 0 : undefined;
}
