import { useCallbackRef } from "../ui/useCallbackRef";
import { DEFAULT_PROTECTION_INTERVAL, guardActivation } from "../ui/guardActivation";
import { useClientLayoutEffect } from "../ui/useClientLayoutEffect";
import { useCallback, useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject, type SyntheticEvent } from "react";

const TABBABLE =
  'button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Elements Tab visits, in order; a radio group is one stop (its checked radio, else its first). */
function tabbables(root: HTMLElement): HTMLElement[] {
  const seenRadioGroups = new Set<string>();
  const all = Array.from(root.querySelectorAll<HTMLElement>(TABBABLE));
  return all.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== "radio" || !element.name) return true;
    const group = all.filter((other) => other instanceof HTMLInputElement && other.type === "radio" && other.name === element.name) as HTMLInputElement[];
    const stop = group.find((radio) => radio.checked) ?? group[0];
    if (seenRadioGroups.has(element.name) || stop !== element) return false;
    seenRadioGroups.add(element.name);
    return true;
  });
}

export interface DialogSurfaceOptions {
  open: boolean;
  /**
   * false: an inline card in the page's flow. No showModal, no Tab loop, no outside; focus is left
   * where it is unless `takeFocus`. The protection interval and Escape work as in the dialog.
   */
  modal?: boolean;
  /** Inline only: focus the surface on open, if focus is on nothing else (the dialog always does). */
  takeFocus?: boolean;
  /** Escape or a close request from the browser. */
  onDismiss: (reason: "escape-key" | "pointer-down-outside" | "closed") => void;
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  onPointerDownOutside?: (event: PointerEvent) => void;
  /** Milliseconds after opening during which input is ignored (see guardActivation). */
  protectionInterval?: number;
}

/**
 * The surface a request is answered on, a modal <dialog> or an inline card (`modal: false`). As a
 * dialog, `showModal()` makes the page behind inert and draws the backdrop; this adds what the
 * platform leaves to us — a Tab loop that never leaves the dialog, focus put somewhere useful on open
 * and given back on close, and dismiss events the host can intercept. Both get the protection
 * interval and Escape.
 */
export function useDialogSurface(ref: RefObject<HTMLElement | null>, options: DialogSurfaceOptions) {
  // The options of the latest render, for listeners and effects that must not re-run on each.
  const latest = useCallbackRef(() => options);
  // Set while the browser may still turn the Escape we just handled into a `cancel` event.
  const escapeHandled = useRef(false);
  const closingItself = useRef(false);

  useClientLayoutEffect(() => {
    const dialog = ref.current as HTMLDialogElement | null;
    if (!options.open || !dialog) return;
    const { modal = true, takeFocus, protectionInterval } = latest()!;
    const stopGuard = guardActivation(dialog, protectionInterval ?? DEFAULT_PROTECTION_INTERVAL);
    // An inline card takes no focus: the person may be typing in the host's input. Even when handed
    // focus, it takes it only from nowhere (the answered card's control went with that card), never
    // from anything the person has moved to since.
    if (!modal) {
      const active = dialog.ownerDocument.activeElement;
      const focusIsFree = !active || active === dialog.ownerDocument.body || active === dialog.ownerDocument.documentElement || dialog.contains(active);
      if (takeFocus && focusIsFree) dialog.querySelector<HTMLElement>(".rme-dialog__surface")?.focus({ preventScroll: true });
      return stopGuard;
    }
    const previouslyFocused = dialog.ownerDocument.activeElement as HTMLElement | null;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    // Focus goes to the dialog's surface, not its first field: the request arrives unasked, often
    // while the person is typing elsewhere, and the rest of what they type (Enter included) must not
    // land in a field and submit it. Screen readers read the dialog's name and message; Tab goes on in reading order.
    dialog.querySelector<HTMLElement>(".rme-dialog__surface")?.focus({ preventScroll: true });
    return () => {
      stopGuard();
      // StrictMode (and any remount) opens it again at once: the `close` event this causes is not a
      // dismissal. Some engines fire it at once (flagged here), browsers a task later (the dialog is open again by then).
      if (dialog.open) {
        closingItself.current = true;
        try {
          dialog.close();
        } finally {
          closingItself.current = false;
        }
      }
      if (previouslyFocused && previouslyFocused.isConnected && typeof previouslyFocused.focus === "function") {
        previouslyFocused.focus();
      }
    };
  }, [ref, options.open]);

  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLElement>) => {
      const dialog = ref.current;
      if (!dialog) return;
      if (event.key === "Escape") {
        escapeHandled.current = true;
        queueMicrotask(() => {
          escapeHandled.current = false;
        });
        latest()!.onEscapeKeyDown?.(event.nativeEvent);
        // The synthetic event's flag is a snapshot; the host called preventDefault on the native one.
        const intercepted = event.nativeEvent.defaultPrevented;
        // Always stop the browser's own close: the component decides what Escape does.
        event.preventDefault();
        event.stopPropagation();
        if (!intercepted) latest()!.onDismiss("escape-key");
        return;
      }
      if (event.key !== "Tab" || latest()!.modal === false) return;
      const stops = tabbables(dialog);
      if (stops.length === 0) {
        event.preventDefault();
        return;
      }
      const first = stops[0]!;
      const last = stops[stops.length - 1]!;
      const active = dialog.ownerDocument.activeElement as HTMLElement | null;
      // From the surface (focused on open) or anything else outside the loop, Tab enters it at the first stop, Shift+Tab at the last.
      const outside = !active || active === dialog || !dialog.contains(active) || active.matches(".rme-dialog__surface");
      if (event.shiftKey && (active === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    },
    [ref],
  );

  const onPointerDown = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    // The surface fills the dialog box, so a hit on the <dialog> itself is its ::backdrop. A card has no outside.
    if (event.target !== event.currentTarget || latest()!.modal === false) return;
    latest()!.onPointerDownOutside?.(event.nativeEvent);
    if (!event.nativeEvent.defaultPrevented) latest()!.onDismiss("pointer-down-outside");
  }, []);

  // The browser's own close request (e.g. Escape with focus outside any control): treat as Escape.
  const onCancel = useCallback((event: SyntheticEvent<HTMLElement>) => {
    event.preventDefault();
    if (escapeHandled.current) return;
    latest()!.onDismiss("escape-key");
  }, []);

  // Closed by anything we did not start (devtools, a close request that could not be prevented).
  const onClose = useCallback(() => {
    if (latest()!.open && !closingItself.current && !(ref.current as HTMLDialogElement | null)?.open) latest()!.onDismiss("closed");
  }, [ref]);

  return { onKeyDown, onPointerDown, onCancel, onClose };
}
