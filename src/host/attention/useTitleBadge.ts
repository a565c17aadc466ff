import { useEffect, useRef } from "react";
import { badgedTitle, hostTitleOf } from "./titleBadge";

/** The title as the host wrote it: `document.title` strips and collapses white space, the element's text does not. */
function readTitle(): string {
  return document.querySelector("title")?.textContent ?? document.title;
}

/**
 * Prefixes `document.title` with `count` while it is above 0, and gives the host its own title back
 * when it drops to 0 or the component unmounts: the title the host set last, even while badged.
 */
export function useTitleBadge(count: number, template: string | undefined): void {
  const written = useRef<{ title: string; hostTitle: string }>(undefined);
  useEffect(() => {
    if (template === undefined) return;
    const hostTitle = () => hostTitleOf(readTitle(), written.current);
    const restore = () => {
      if (written.current === undefined) return;
      const title = hostTitle();
      written.current = undefined;
      if (readTitle() !== title) document.title = title;
    };
    if (count <= 0) {
      restore();
      return;
    }
    const badge = () => {
      const own = hostTitle();
      const title = badgedTitle(own, count, template);
      written.current = { title, hostTitle: own };
      if (readTitle() !== title) document.title = title;
    };
    badge();
    // The host may change its title meanwhile (a new conversation): the badge goes back on it.
    const observer = new MutationObserver(() => {
      if (readTitle() !== written.current?.title) badge();
    });
    observer.observe(document.head ?? document.documentElement, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      restore();
    };
  }, [count, template]);
}
