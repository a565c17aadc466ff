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
    // Drawn in the frame it is measured for (flushSync), never in a render a busy page gets to later;
    // not laid out yet (a dialog before it opens), it stays focusable until it is.
    const measure = () => {
      if (element.getClientRects().length > 0) flushSync(() => setOverflowing(element.scrollHeight > element.clientHeight + 1));
    };
    // Once this commit is done (a dialog opens after its parts' layout effects), before any input
    // reaches the page: a short region must not take the first Tab. Then whenever its size changes.
    queueMicrotask(measure);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, content]);
  return overflowing ? 0 : undefined;
}
