import type { Control } from "react-hook-form";
import type { FormValues } from "../core/types";
import { afterPointerRelease } from "../ui/afterPointerRelease";

export type BlurEvent = { relatedTarget?: EventTarget | null; target?: EventTarget | null };

/** Focus moving to a button (Submit, Decline, Cancel, Stop asking…) means the person is about to act, not done with the field. */
function movesToButton(next: EventTarget | null | undefined): boolean {
  const element = next as Element | null | undefined;
  return typeof element?.closest === "function" && element.closest('button, [role="button"], input[type="submit"]') !== null;
}

/**
 * Focus left field `name`: runs `check` (react-hook-form's onTouched), except that leaving an
 * untouched field for a button shows no error, and a check while a press or tap is under way (mouse,
 * pen or finger) waits for its click (no layout shift under the pointer; the form watches the
 * presses, once for all its fields). A keyboard blur checks at once.
 */
export function checkOnBlur(control: Control<FormValues>, name: string, event: BlurEvent | undefined, check: () => void): void {
  if (!control.getFieldState(name).isDirty && movesToButton(event?.relatedTarget)) return;
  const doc = (event?.target as Node | null | undefined)?.ownerDocument ?? (typeof document === "undefined" ? undefined : document);
  afterPointerRelease(doc, check);
}
