import { useCallback, useEffect, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject, type SyntheticEvent } from "react";

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

// On the server there is no dialog to open; React 18 warns about a layout effect there.
const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

export interface ModalDialogOptions {
  open: boolean;
  /** Escape or a close request from the browser. */
  onDismiss: (reason: "escape-key" | "pointer-down-outside" | "closed") => void;
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  onPointerDownOutside?: (event: PointerEvent) => void;
  /** Where focus goes on open; defaults to the first form control, else the surface. */
  initialFocus?: (dialog: HTMLDialogElement) => HTMLElement | null | undefined;
}

/**
 * A native modal <dialog>: `showModal()` makes the page behind inert and draws the backdrop;
 * this adds what the platform leaves to us — a Tab loop that never leaves the dialog, focus put
 * somewhere useful on open and given back on close, and dismiss events the host can intercept.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, options: ModalDialogOptions) {
  const latest = useRef(options);
  latest.current = options;
  // Set while the browser may still turn the Escape we just handled into a `cancel` event.
  const escapeHandled = useRef(false);

  useIsomorphicLayoutEffect(() => {
    const dialog = ref.current;
    if (!options.open || !dialog) return;
    const previouslyFocused = dialog.ownerDocument.activeElement as HTMLElement | null;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    const target =
      latest.current.initialFocus?.(dialog) ??
      dialog.querySelector<HTMLElement>(".rme-form__fields input, .rme-form__fields select, .rme-form__fields textarea") ??
      dialog.querySelector<HTMLElement>(".rme-dialog__surface");
    target?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previouslyFocused && previouslyFocused.isConnected && typeof previouslyFocused.focus === "function") {
        previouslyFocused.focus();
      }
    };
  }, [ref, options.open]);

  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLDialogElement>) => {
      const dialog = ref.current;
      if (!dialog) return;
      if (event.key === "Escape") {
        escapeHandled.current = true;
        queueMicrotask(() => {
          escapeHandled.current = false;
        });
        latest.current.onEscapeKeyDown?.(event.nativeEvent);
        // The synthetic event's flag is a snapshot; the host called preventDefault on the native one.
        const intercepted = event.nativeEvent.defaultPrevented;
        // Always stop the browser's own close: the component decides what Escape does.
        event.preventDefault();
        event.stopPropagation();
        if (!intercepted) latest.current.onDismiss("escape-key");
        return;
      }
      if (event.key !== "Tab") return;
      const stops = tabbables(dialog);
      if (stops.length === 0) {
        event.preventDefault();
        return;
      }
      const first = stops[0]!;
      const last = stops[stops.length - 1]!;
      const active = dialog.ownerDocument.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    },
    [ref],
  );

  const onPointerDown = useCallback((event: ReactPointerEvent<HTMLDialogElement>) => {
    // The surface fills the dialog box, so a hit on the <dialog> itself is its ::backdrop.
    if (event.target !== event.currentTarget) return;
    latest.current.onPointerDownOutside?.(event.nativeEvent);
    if (!event.nativeEvent.defaultPrevented) latest.current.onDismiss("pointer-down-outside");
  }, []);

  // The browser's own close request (e.g. Escape with focus outside any control): treat as Escape.
  const onCancel = useCallback((event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (escapeHandled.current) return;
    latest.current.onDismiss("escape-key");
  }, []);

  // Closed by anything we did not start (devtools, a close request that could not be prevented).
  const onClose = useCallback(() => {
    if (latest.current.open) latest.current.onDismiss("closed");
  }, []);

  return { onKeyDown, onPointerDown, onCancel, onClose };
}
