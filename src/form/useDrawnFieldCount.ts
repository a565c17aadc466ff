import { startTransition, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { afterNextPaint } from "./afterNextPaint";

/**
 * Fields drawn with the form's first paint: more than a 1,600-pixel-tall window shows (a field is
 * at least about 40 px high), so what a person sees first is all there at once, and what comes
 * after the fields (an inline form's Submit) is still out of sight when the rest pushes it down.
 */
const FIRST_DRAWN_FIELDS = 40;

export interface DrawnFieldCount {
  /** How many of the fields are drawn now. */
  count: number;
  /** Draws every field at once (synchronously): before a Submit checks them and may focus one. */
  drawAll: () => void;
}

/**
 * A long form is drawn in two steps: the first screenful with the first paint, the rest right after
 * it (a few frames later, sooner than a person can scroll). Their values are in the form from the start
 * (the defaults, a draft, an answer again), so nothing waits for a field to be drawn.
 * `fields` is the list being drawn: a new list starts again from the first screenful.
 */
export function useDrawnFieldCount(fields: readonly unknown[]): DrawnFieldCount {
  const total = fields.length;
  const [drawn, setDrawn] = useState({ fields, count: Math.min(total, FIRST_DRAWN_FIELDS) });
  const count = drawn.fields === fields ? drawn.count : Math.min(total, FIRST_DRAWN_FIELDS);

  useEffect(() => {
    if (count >= total) return undefined;
    // The rest in one transition: React renders it in slices that leave the page responsive, and the
    // browser styles and lays it out once (a commit per frame would lay out the growing form each time).
    return afterNextPaint(() => startTransition(() => setDrawn({ fields, count: total })));
  }, [fields, count, total]);

  const drawAll = () => {
    if (count < total) flushSync(() => setDrawn({ fields, count: total }));
  };
  return { count, drawAll };
}
