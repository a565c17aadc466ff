import { useMemo, useSyncExternalStore } from "react";
import type { ElicitationQueue } from "../../client/types";
import { createPageViewStore, serverPageView, type PageViewSnapshot } from "./pageViewStore";

/** What the person can see of the page and of the queue's inline card, kept current while mounted. */
export function usePageView(queue: ElicitationQueue): PageViewSnapshot {
  const store = useMemo(() => createPageViewStore(queue), [queue]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, serverPageView);
}
