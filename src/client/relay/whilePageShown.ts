/** Something that can be opened again and again, and closed. */
interface Closable {
  close(): void;
}

/**
 * Keeps `open()`'s connection for as long as the page is shown: closed as the page goes (`pagehide`:
 * a reload, a navigation, the back/forward cache), so each card it drew goes away unanswered and
 * keeps what was typed as a draft; opened again when the page comes back from the back/forward cache
 * (`pageshow` with `persisted`). Outside a browser it is `open()` alone.
 */
export function whilePageShown(open: () => Closable): Closable {
  let current: Closable | undefined = open();
  const target = typeof window === "object" && typeof window?.addEventListener === "function" ? window : undefined;
  if (!target) return { close: () => current?.close() };
  const hide = () => {
    current?.close();
    current = undefined;
  };
  const show = (event: PageTransitionEvent) => {
    if (event.persisted && current === undefined) current = open();
  };
  target.addEventListener("pagehide", hide);
  target.addEventListener("pageshow", show);
  return {
    close() {
      target.removeEventListener("pagehide", hide);
      target.removeEventListener("pageshow", show);
      hide();
    },
  };
}
