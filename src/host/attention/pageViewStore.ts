// What the person can see, kept current: the tab's visibility, the window's focus, and whether the
// inline card of the request on screen is in view. DOM, no React: the hooks read it through
// `subscribe` / `getSnapshot`. Listens only while subscribed.
import type { ElicitationQueue } from "../../client/types";
import { dialogOpen, findInlineCard } from "./inlineCard";
import type { PageView } from "./unseenRequests";

export interface PageViewSnapshot extends PageView {
  /** The inline card of the request on screen, when it is drawn inline. */
  readonly card: HTMLElement | undefined;
}

export interface PageViewStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): PageViewSnapshot;
}

/** Pixels of a card that must be on screen for it to count as seen (all of it, when it is smaller). */
const SEEN_HEIGHT = 64;
const THRESHOLDS = Array.from({ length: 51 }, (_, n) => n / 50);

const SERVER: PageViewSnapshot = { visible: true, focused: true, cardInView: undefined, card: undefined };

export function createPageViewStore(queue: ElicitationQueue): PageViewStore {
  const listeners = new Set<() => void>();
  let snapshot: PageViewSnapshot = SERVER;
  let stopWatching: (() => void) | undefined;

  function set(next: Partial<PageViewSnapshot>): void {
    const merged = { ...snapshot, ...next };
    if ((Object.keys(merged) as (keyof PageViewSnapshot)[]).every((key) => merged[key] === snapshot[key])) return;
    snapshot = merged;
    for (const listener of [...listeners]) listener();
  }

  function start(): () => void {
    const readPage = () => set({ visible: document.visibilityState !== "hidden", focused: document.hasFocus() });
    let observer: IntersectionObserver | undefined;
    let watching: HTMLElement | undefined;
    let search: MutationObserver | undefined;

    function observe(card: HTMLElement | undefined): void {
      if (card === watching) return;
      observer?.disconnect();
      watching = card;
      if (card === undefined) {
        set({ card: undefined, cardInView: undefined });
        return;
      }
      // In view or not is known at the observer's first report, a frame later.
      set({ card, cardInView: undefined });
      observer = new IntersectionObserver(
        (records) => {
          const record = records[records.length - 1]!;
          if (!card.isConnected) return findCard();
          const seen = record.intersectionRect.height >= Math.min(SEEN_HEIGHT, record.boundingClientRect.height - 1);
          set({ card, cardInView: record.isIntersecting && seen });
        },
        { threshold: THRESHOLDS },
      );
      observer.observe(card);
    }

    // The card appears a moment after the queue changes (React commits, a catalogue loads): while
    // the shown request has no card or dialog yet, the page's changes are watched for it.
    function findCard(): void {
      const current = queue.getSnapshot().current;
      const card = current && findInlineCard(current.serverName);
      observe(card);
      const settled = current === undefined || card !== undefined || dialogOpen();
      if (settled) {
        search?.disconnect();
        search = undefined;
      } else if (search === undefined) {
        search = new MutationObserver(findCard);
        search.observe(document.body, { childList: true, subtree: true });
      }
    }

    readPage();
    findCard();
    // Once now (a card that leaves), once after React has drawn the queue's new head.
    let later: ReturnType<typeof setTimeout> | undefined;
    const stopQueue = queue.subscribe(() => {
      findCard();
      clearTimeout(later);
      later = setTimeout(findCard, 0);
    });
    document.addEventListener("visibilitychange", readPage);
    window.addEventListener("focus", readPage);
    window.addEventListener("blur", readPage);
    return () => {
      stopQueue();
      clearTimeout(later);
      document.removeEventListener("visibilitychange", readPage);
      window.removeEventListener("focus", readPage);
      window.removeEventListener("blur", readPage);
      observer?.disconnect();
      search?.disconnect();
      watching = undefined;
      snapshot = SERVER;
    };
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      stopWatching ??= start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopWatching?.();
          stopWatching = undefined;
        }
      };
    },
    getSnapshot: () => snapshot,
  };
}

/** What a server render (or a page with nothing to watch) reads: looking, no card. */
export function serverPageView(): PageViewSnapshot {
  return SERVER;
}
