import type { FieldDescriptor, FormValues } from "../core/types";
import { fieldName } from "../core/values/initialFormValues";
import { copyFormValues } from "../core/values/copyFormValues";

/**
 * What a person typed into a form they then cancelled (or the server withdrew), kept in memory so
 * that the same server asking the same form again within the session starts from it. Never written
 * to any storage; gone with the page. Values of fields flagged `sensitive` are never kept.
 */
export interface ElicitationDraftStore {
  /** The kept values of this server's form with this schema (`ParsedElicitationSchema.cacheKey`). */
  get(serverName: string, cacheKey: string): FormValues | undefined;
  /** Keeps `values` (form names `f0`, `f1`, …), leaving out the fields listed as sensitive. */
  set(serverName: string, cacheKey: string, values: FormValues, fields?: readonly FieldDescriptor[]): void;
  delete(serverName: string, cacheKey: string): void;
  clear(): void;
  readonly size: number;
}

export interface ElicitationDraftStoreOptions {
  /** Drafts kept at most; the oldest goes first. Default 20. */
  maxEntries?: number;
}

export function createElicitationDraftStore(options: ElicitationDraftStoreOptions = {}): ElicitationDraftStore {
  const maxEntries = Math.max(1, options.maxEntries ?? 20);
  const drafts = new Map<string, FormValues>();
  // Length-prefixed so no server name and schema pair can collide with another.
  const keyOf = (serverName: string, cacheKey: string) => `${serverName.length}:${serverName}${cacheKey}`;
  return {
    get(serverName, cacheKey) {
      const draft = drafts.get(keyOf(serverName, cacheKey));
      return draft === undefined ? undefined : copyFormValues(draft);
    },
    set(serverName, cacheKey, values, fields = []) {
      const kept = copyFormValues(values);
      for (const field of fields) if (field.sensitive !== undefined) delete kept[fieldName(field)];
      const key = keyOf(serverName, cacheKey);
      drafts.delete(key);
      drafts.set(key, kept);
      if (drafts.size > maxEntries) drafts.delete(drafts.keys().next().value as string);
    },
    delete(serverName, cacheKey) {
      drafts.delete(keyOf(serverName, cacheKey));
    },
    clear() {
      drafts.clear();
    },
    get size() {
      return drafts.size;
    },
  };
}
