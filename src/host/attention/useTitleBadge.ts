import { useEffect, useRef } from "react";
import { badgedTitle, hostTitleOf } from "./titleBadge";

/**
 * Prefixes `document.title` with `count` while it is above 0, and gives the host its own title back
 * when it drops to 0 or the component unmounts: the title the host set last, even while badged.
 */
export function useTitleBadge(count: number, template: string | undefined): void {
  const written = useRef<{ title: string; hostTitle: string; count: number; template: string }>(undefined);
  useEffect(() => {
    if (template === undefined) return;
    const hostTitle = () => {
      const last = written.current;
      return hostTitleOf(document.title, last, last?.template ?? template);
    };
    const restore = () => {
      if (written.current === undefined) return;
      const title = hostTitle();
      written.current = undefined;
      if (document.title !== title) document.title = title;
    };
    if (count <= 0) {
      restore();
      return;
    }
    const badge = () => {
      const own = hostTitle();
      const title = badgedTitle(own, count, template);
      written.current = { title, hostTitle: own, count, template };
      if (document.title !== title) document.title = title;
    };
    badge();
    // The host may change its title meanwhile (a new conversation): the badge goes back on it.
    const observer = new MutationObserver(() => {
      if (document.title !== written.current?.title) badge();
    });
    observer.observe(document.head ?? document.documentElement, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      restore();
    };
  }, [count, template]);
}
