import type { FieldDescriptor, FormValues } from "../types";
import { copyFormValues } from "./copyFormValues";
import { fieldName } from "./initialFormValues";

/** One server's values for one form, as `KeptValues` holds them. */
export interface KeptValuesRecord {
  serverName: string;
  key: string;
  values: FormValues;
}

/**
 * Form values kept per server and form (drafts, last answers): copied in and out so nobody holds
 * the kept object, fields flagged sensitive never kept, the oldest dropped past `maxEntries`.
 */
export interface KeptValues {
  get(serverName: string, key: string): FormValues | undefined;
  /** Keeps a copy of `values` without `fields` flagged sensitive; with `dropEmpty`, nothing when nothing is left. */
  set(serverName: string, key: string, values: FormValues, fields: readonly FieldDescriptor[], dropEmpty?: boolean): void;
  delete(serverName: string, key: string): void;
  forgetServer(serverName: string): void;
  clear(): void;
  /** Copies of every record, oldest first. */
  records(): KeptValuesRecord[];
  readonly size: number;
}

export function createKeptValues(maxEntries: number): KeptValues {
  const limit = Math.max(1, maxEntries);
  const kept = new Map<string, KeptValuesRecord>();
  // Length-prefixed so no server name and key pair can collide with another.
  const idOf = (serverName: string, key: string) => `${serverName.length}:${serverName}${key}`;
  return {
    get(serverName, key) {
      const record = kept.get(idOf(serverName, key));
      return record === undefined ? undefined : copyFormValues(record.values);
    },
    set(serverName, key, values, fields, dropEmpty = false) {
      const copy = copyFormValues(values);
      for (const field of fields) if (field.sensitive !== undefined) delete copy[fieldName(field)];
      const id = idOf(serverName, key);
      kept.delete(id);
      if (dropEmpty && Object.keys(copy).length === 0) return;
      kept.set(id, { serverName, key, values: copy });
      if (kept.size > limit) kept.delete(kept.keys().next().value as string);
    },
    delete(serverName, key) {
      kept.delete(idOf(serverName, key));
    },
    forgetServer(serverName) {
      for (const [id, record] of kept) if (record.serverName === serverName) kept.delete(id);
    },
    clear() {
      kept.clear();
    },
    records() {
      return [...kept.values()].map((record) => ({ ...record, values: copyFormValues(record.values) }));
    },
    get size() {
      return kept.size;
    },
  };
}
