// The element's draft stores: one of each kind for the page, made with the chunk that draws (the form
// is what fills them). Before that chunk is in, no form of this page has kept anything, so what the relay
// and `clearDrafts()` ask is about what earlier pages of the tab stored: a clear removes it at once; a
// `ready`'s pruning, if anything is stored, loads the chunk and is done as it arrives, before any form
// can read a draft.
import type { ElicitationRelayDrafts } from "../client/relay/ElicitationRelayConnectionOptions";
import { DRAFT_STORAGE_KEY } from "../core/values/draftKeys";
import type { createElicitationDraftStore, ElicitationDraftStore } from "../form/createElicitationDraftStore";

type Storage = "memory" | "session";

export interface ElementDrafts {
  /** For the connections: each `ready` prunes, a 401 clears. */
  readonly relay: ElicitationRelayDrafts;
  /** The page's store of `storage`, once the chunk is in (`loaded`). */
  store(storage: Storage): ElicitationDraftStore;
  /** Forgets every draft of the page and the tab. */
  clear(): void;
  /** The chunk is in: its store maker, and the pruning asked meanwhile done. */
  loaded(make: typeof createElicitationDraftStore): void;
}

/** `load`: loads the chunk that draws (which calls `loaded`). */
export function createElementDrafts(load: () => void): ElementDrafts {
  const stores: Partial<Record<Storage, ElicitationDraftStore>> = {};
  let make: typeof createElicitationDraftStore | undefined;
  let pruning: [string, ReadonlySet<string>][] = [];
  const store = (storage: Storage) => (stores[storage] ??= (make as typeof createElicitationDraftStore)({ storage }));
  // "session" is made to be cleared even when no element of this page asked for it: an earlier page of the tab may have.
  const every = () => [store("session"), ...(stores.memory ? [stores.memory] : [])];
  const stored = () => {
    try {
      return globalThis.sessionStorage?.getItem(DRAFT_STORAGE_KEY) != null;
    } catch {
      return false;
    }
  };
  const drafts: ElementDrafts = {
    relay: {
      keepOnly(prefix, keys) {
        if (make !== undefined) for (const each of every()) each.keepOnly(prefix, keys);
        else if (stored()) {
          pruning.push([prefix, keys]);
          load();
        }
      },
      clear: () => drafts.clear(),
    },
    store,
    clear() {
      if (make !== undefined) {
        for (const each of every()) each.clear();
        return;
      }
      pruning = [];
      try {
        globalThis.sessionStorage?.removeItem(DRAFT_STORAGE_KEY);
      } catch {
        // Storage out of reach holds nothing of ours.
      }
    },
    loaded(maker) {
      make ??= maker;
      for (const [prefix, keys] of pruning.splice(0)) for (const each of every()) each.keepOnly(prefix, keys);
    },
  };
  return drafts;
}
