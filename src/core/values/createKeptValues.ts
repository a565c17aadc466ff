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
 * the kept object, fields flagged sensitive never kept, the oldest dropped past `maxEntries` or once
 * the records' JSON would pass `maxBytes` (UTF-8); a record larger than that alone is not kept.
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

export function createKeptValues(maxEntries: number, maxBytes = Infinity): KeptValues {
  const limit = Math.max(1, maxEntries);
  const kept = new Map<string, KeptValuesRecord>();
  // Each record's size, and their sum: what a host's storage receives is bounded, not only counted.
  const sizes = new Map<string, number>();
  let total = 0;
  const drop = (id: string) => {
    total -= sizes.get(id) ?? 0;
    sizes.delete(id);
    kept.delete(id);
  };
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
      drop(id);
      if (dropEmpty && Object.keys(copy).length === 0) return;
      const record = { serverName, key, values: copy };
      const size = maxBytes === Infinity ? 0 : utf8Length(JSON.stringify(record));
      if (size > maxBytes) return;
      kept.set(id, record);
      sizes.set(id, size);
      total += size;
      while (kept.size > limit || total > maxBytes) drop(kept.keys().next().value as string);
    },
    delete(serverName, key) {
      drop(idOf(serverName, key));
    },
    forgetServer(serverName) {
      for (const [id, record] of kept) if (record.serverName === serverName) drop(id);
    },
    clear() {
      kept.clear();
      sizes.clear();
      total = 0;
    },
    records() {
      return [...kept.values()].map((record) => ({ ...record, values: copyFormValues(record.values) }));
    },
    get size() {
      return kept.size;
    },
  };
}

/** Bytes of `text` in UTF-8, counted without encoding it. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    // A surrogate pair is one four-byte character (JSON.stringify escapes lone ones).
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
