import type { FieldDescriptor, FormValues } from "../core/types";
import { createKeptValues } from "../core/values/createKeptValues";

/**
 * What a person typed into a form they then cancelled (or the server withdrew), kept in memory so
 * that the same server asking the same form again within the session starts from it. Never written
 * to any storage; gone with the page. Values of fields flagged `sensitive` are never kept; a chosen
 * file is (in memory only), so Cancel does not make the person pick it again.
 */
export interface ElicitationDraftStore {
  /** The kept values of this server's form (`ParsedElicitationSchema.formKey`). */
  get(serverName: string, formKey: string): FormValues | undefined;
  /** Keeps `values` (form names `f0`, `f1`, …), leaving out the fields listed as sensitive. */
  set(serverName: string, formKey: string, values: FormValues, fields?: readonly FieldDescriptor[]): void;
  delete(serverName: string, formKey: string): void;
  clear(): void;
  readonly size: number;
}

export interface ElicitationDraftStoreOptions {
  /** Drafts kept at most; the oldest goes first. Default 20. */
  maxEntries?: number;
}

export function createElicitationDraftStore(options: ElicitationDraftStoreOptions = {}): ElicitationDraftStore {
  const drafts = createKeptValues(options.maxEntries ?? 20);
  return {
    get: (serverName, formKey) => drafts.get(serverName, formKey),
    set: (serverName, formKey, values, fields = []) => drafts.set(serverName, formKey, values, fields),
    delete: (serverName, formKey) => drafts.delete(serverName, formKey),
    clear: () => drafts.clear(),
    get size() {
      return drafts.size;
    },
  };
}
