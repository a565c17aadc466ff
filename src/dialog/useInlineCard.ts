import { useCallback, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from "react";
import { useCallbackRef } from "../fields/useCallbackRef";
import { DEFAULT_PROTECTION_INTERVAL, guardActivation } from "./guardActivation";
import { useIsomorphicLayoutEffect } from "./useModalDialog";

export interface InlineCardOptions {
  open: boolean;
  /** Focus the card's surface on appearing (never a field: the rest of what is typed must not land in one). */
  takeFocus?: boolean;
  /** Escape pressed with focus inside the card. */
  onDismiss: (reason: "escape-key") => void;
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /** Milliseconds after it appears during which input is ignored (see guardActivation). */
  protectionInterval?: number;
}

/**
 * A card in the page's flow: it takes no focus and traps nothing (Tab reaches it in document order),
 * yet ignores input that began before it appeared, exactly as the dialog does, and answers cancel
 * to Escape pressed inside it. There is no outside to click.
 */
export function useInlineCard(ref: RefObject<HTMLElement | null>, options: InlineCardOptions) {
  const latest = useCallbackRef(() => options);

  useIsomorphicLayoutEffect(() => {
    const card = ref.current;
    if (!options.open || !card) return;
    const stopGuard = guardActivation(card, latest()!.protectionInterval ?? DEFAULT_PROTECTION_INTERVAL);
    if (latest()!.takeFocus) card.querySelector<HTMLElement>(".rme-dialog__surface")?.focus({ preventScroll: true });
    return stopGuard;
  }, [ref, options.open, latest]);

  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLElement>) => {
      if (event.key !== "Escape") return;
      latest()!.onEscapeKeyDown?.(event.nativeEvent);
      if (event.nativeEvent.defaultPrevented) return;
      // Handled here: the host's own Escape handling (closing a panel around the chat) does not also run.
      event.preventDefault();
      event.stopPropagation();
      latest()!.onDismiss("escape-key");
    },
    [latest],
  );

  return { onKeyDown };
}
