import { useEffect, useState, type RefObject } from "react";

/**
 * `tabIndex` for a region that may scroll: 0 while its content overflows, so a keyboard can
 * reach and scroll it (WCAG 2.1.1), and nothing otherwise, so a short region is no extra Tab stop.
 * `content` re-measures when the region's element or text changes.
 */
export function useScrollableFocus(ref: RefObject<HTMLElement | null>, content: unknown): 0 | undefined {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, content]);
  return overflowing ? 0 : undefined;
}
