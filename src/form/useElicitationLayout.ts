import { useState } from "react";

/** How a form is laid out: every field at once, one question at a time, or chosen for the form and the screen. */
export type ElicitationLayout = "form" | "steps" | "auto";

/**
 * Resolves `layout` for a form of `fieldCount` fields, once per request (a form never changes shape
 * while it is answered): "auto" asks one question at a time for more than five fields, or on a
 * viewport narrower than 480 CSS px.
 */
export function useElicitationLayout(layout: ElicitationLayout | undefined, fieldCount: number): "form" | "steps" {
  const [steps] = useState(
    () =>
      fieldCount > 0 &&
      (layout === "steps" || (layout === "auto" && (fieldCount > 5 || (typeof matchMedia === "function" && matchMedia("(max-width: 479.98px)").matches)))),
  );
  return steps ? "steps" : "form";
}
