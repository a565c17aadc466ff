import { startTransition, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { flushSync } from "react-dom";
import { afterNextPaint } from "./afterNextPaint";

/**
 * Fields the first render draws: the same on a server and in the browser, so hydration matches.
 * Before the first paint the form measures them and draws more until the window is filled.
 */
const FIRST_RENDER_FIELDS = 10;
/**
 * At most this many fields with the first paint: more than a 1,600-pixel-tall window shows (a field
 * is at least about 40 px high), so an inline form's Submit, after the fields, is still out of sight
 * when the rest pushes it down.
 */
const MOST_FIRST_DRAWN = 40;

const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

export interface DrawnFieldCount {
  /** How many of the fields are drawn now. */
  count: number;
  /** Draws every field at once (synchronously): before a Submit checks them and may focus one. */
  drawAll: () => void;
  /** The element that holds the drawn fields: measured to know when they fill the window. */
  listRef: RefObject<HTMLDivElement | null>;
}

/**
 * A form is drawn in two steps: with the first paint, the fields that can be in view (those that
 * fill the window, measured before it is painted); the rest right after it, a few frames later and
 * sooner than a person can scroll. Their values are in the form from the start (the defaults, a
 * draft, an answer again), so nothing waits for a field to be drawn.
 * `fields` is the list being drawn: a new list starts again from the first render's share.
 */
export function useDrawnFieldCount(fields: readonly unknown[]): DrawnFieldCount {
  const total = fields.length;
  const first = Math.min(total, FIRST_RENDER_FIELDS);
  const [drawn, setDrawn] = useState({ fields, count: first });
  const count = drawn.fields === fields ? drawn.count : first;
  const listRef = useRef<HTMLDivElement>(null);

  // Before the paint: while the drawn fields end inside the window, draw about as many more as the
  // space left holds. A dialog around the form opens after this effect (its parent's), so a list not
  // laid out yet is measured again once the commit is over, still before the paint.
  useClientLayoutEffect(() => {
    const cap = Math.min(total, MOST_FIRST_DRAWN);
    if (count >= cap) return undefined;
    const draw = (next: number) => setDrawn({ fields, count: next });
    const now = fieldsToFillWindow(listRef.current, count, cap);
    if (now !== undefined) {
      if (now > count) draw(now);
      return undefined;
    }
    let live = true;
    queueMicrotask(() => {
      // Still not laid out (hidden): the first paint takes the most it may.
      const later = live ? (fieldsToFillWindow(listRef.current, count, cap) ?? cap) : count;
      if (later > count) flushSync(() => draw(later));
    });
    return () => {
      live = false;
    };
  }, [fields, count, total]);

  useEffect(() => {
    if (count >= total) return undefined;
    // The rest in one transition: React renders it in slices that leave the page responsive, and the
    // browser styles and lays it out once (a commit per frame would lay out the growing form each time).
    return afterNextPaint(() => startTransition(() => setDrawn({ fields, count: total })));
  }, [fields, count, total]);

  const drawAll = () => {
    if (count < total) flushSync(() => setDrawn({ fields, count: total }));
  };
  return { count, drawAll, listRef };
}

/**
 * How many fields fill the window, given `count` drawn in `list` (at most `cap`): `count` once they
 * reach its bottom edge, else about as many more as the space left holds at their height so far.
 * Undefined while the list is not laid out (inside a closed dialog).
 */
function fieldsToFillWindow(list: HTMLElement | null, count: number, cap: number): number | undefined {
  if (!list) return cap;
  if (list.getClientRects().length === 0) return undefined;
  const box = list.getBoundingClientRect();
  const bottom = window.innerHeight;
  if (box.bottom >= bottom) return count;
  // Nothing measured (a DOM without layout): as many as the first paint may take.
  const perField = box.height / count;
  return perField > 0 ? Math.min(cap, count + Math.ceil((bottom - box.bottom) / perField) + 1) : cap;
}
