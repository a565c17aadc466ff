import { useEffect, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { afterNextPaint } from "./afterNextPaint";

/** Fields a server draws: the first render of a hydrated form draws the same, so hydration matches. */
const SERVER_RENDER_FIELDS = 10;
/** The least height of a field, in pixels: the window's height over it bounds how many can be in view. */
const FIELD_HEIGHT_AT_LEAST = 40;
/**
 * At most this many fields with the first paint: more than a 1,600-pixel-tall window shows, so an
 * inline form's Submit, after the fields, is still out of sight when the rest pushes it down.
 */
const MOST_FIRST_DRAWN = 40;
/**
 * A form with at most this many fields past the window's share is drawn whole at once: drawing them
 * later costs a second commit and a second layout of the whole form, more than drawing them now.
 */
const FEW_LEFT = 5;

const noSubscription = () => () => undefined;
const serverShare = () => SERVER_RENDER_FIELDS;

/** How many fields can be in view: the window's height over the least height of a field, within the cap. */
function windowShare(): number {
  const height = typeof window === "undefined" ? 0 : window.innerHeight;
  return height > 0 ? Math.min(MOST_FIRST_DRAWN, Math.ceil(height / FIELD_HEIGHT_AT_LEAST)) : MOST_FIRST_DRAWN;
}

export interface DrawnFieldCount {
  /** How many of the fields are drawn now. */
  count: number;
  /** Draws every field at once (synchronously): before a Submit checks them and may focus one. */
  drawAll: () => void;
}

/**
 * A form is drawn in two steps: with the first paint, the fields that can be in view (as many as
 * the window holds at the least height of a field: known without laying anything out); the rest
 * right after it, a few frames later and sooner than a person can scroll. Their values are in the
 * form from the start (the defaults, a draft, an answer again), so nothing waits for a field to be
 * drawn. `fields` is the list being drawn: a new list starts again from the first render's share.
 */
export function useDrawnFieldCount(fields: readonly unknown[]): DrawnFieldCount {
  const total = fields.length;
  // Hydrating, the first render draws what the server drew, and the window's share right after.
  const share = useSyncExternalStore(noSubscription, windowShare, serverShare);
  const first = total <= share + FEW_LEFT ? total : share;
  const [drawn, setDrawn] = useState({ fields, count: first });
  const count = Math.max(drawn.fields === fields ? drawn.count : 0, first);

  useEffect(() => {
    if (count >= total) return undefined;
    // The rest in one render of normal priority, right after the paint: the browser styles and lays it
    // out once (a commit per frame would lay out the growing form each time). Not a transition: its
    // slices cost a few percent more main-thread time at 200 fields, to split a task of a few tens of ms.
    return afterNextPaint(() => setDrawn({ fields, count: total }));
  }, [fields, count, total]);

  const drawAll = () => {
    if (count < total) flushSync(() => setDrawn({ fields, count: total }));
  };
  return { count, drawAll };
}
