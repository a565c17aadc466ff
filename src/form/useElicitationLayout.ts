import { useSyncExternalStore } from "react";

/** How a form is laid out: every field at once, one question at a time, or chosen for the form and the screen. */
export type ElicitationLayout = "form" | "steps" | "auto";

/** "auto" asks one question at a time from this many fields on. */
const AUTO_STEPS_FROM_FIELDS = 6;
/** …or on a viewport narrower than 480 CSS px (a phone held upright). */
const NARROW = "(max-width: 479.98px)";

function subscribeNarrow(onChange: () => void): () => void {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function isNarrow(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(NARROW).matches;
}

const notNarrow = () => false;

/** Resolves `layout` for a form of `fieldCount` fields; "auto" follows the viewport as it changes. */
export function useElicitationLayout(layout: ElicitationLayout | undefined, fieldCount: number): "form" | "steps" {
  const narrow = useSyncExternalStore(layout === "auto" ? subscribeNarrow : subscribeNothing, layout === "auto" ? isNarrow : notNarrow, notNarrow);
  if (fieldCount === 0 || layout === undefined || layout === "form") return "form";
  if (layout === "steps") return "steps";
  return fieldCount >= AUTO_STEPS_FROM_FIELDS || narrow ? "steps" : "form";
}

function subscribeNothing(): () => void {
  return () => {};
}
