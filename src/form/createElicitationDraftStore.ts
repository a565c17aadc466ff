import type { FieldDescriptor, FormValues } from "../core/types";
import { createKeptValues, type KeptValuesRecord } from "../core/values/createKeptValues";
import { fieldName } from "../core/values/initialFormValues";

/**
 * What a person typed into a form they then cancelled (or the server withdrew, or the page went
 * away), kept so that the same server asking the same form again starts from it. In memory by
 * default, gone with the page; with `storage: "session"` also in the tab's `sessionStorage`, so a
 * reload brings it back. Values of fields flagged `sensitive` are never kept; a chosen file is kept
 * in memory only (Cancel does not make the person pick it again), never written to storage.
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
  /**
   * "session": drafts are also written to this tab's `sessionStorage` and read back when the store is
   * created, so what was typed survives a reload (files excepted: the person chooses them again).
   * Where `sessionStorage` is missing, blocked or full, drafts stay in memory. Default "memory".
   */
  storage?: "memory" | "session";
  /** Bytes the stored drafts may take, as UTF-8 JSON; the oldest go first. Default 131072 (128 KiB). */
  maxBytes?: number;
  /** The `sessionStorage` key, for two stores in one tab that must not share. Default "react-mcp-elicitation:drafts". */
  storageKey?: string;
}

const DEFAULT_MAX_BYTES = 128 * 1024;
const DEFAULT_STORAGE_KEY = "react-mcp-elicitation:drafts";

export function createElicitationDraftStore(options: ElicitationDraftStoreOptions = {}): ElicitationDraftStore {
  const storage = options.storage ?? "memory";
  if (storage !== "memory" && storage !== "session") {
    throw new TypeError(`createElicitationDraftStore: storage must be "memory" or "session" (got ${JSON.stringify(String(storage)).slice(0, 40)}).`);
  }
  const maxEntries = options.maxEntries ?? 20;
  const drafts = createKeptValues(maxEntries);
  const session = storage === "session" ? openSession(options.storageKey ?? DEFAULT_STORAGE_KEY) : undefined;
  // The stored copy: files left out, bounded in bytes as well as in entries.
  const stored = createKeptValues(maxEntries, options.maxBytes ?? DEFAULT_MAX_BYTES);
  for (const record of session?.load() ?? []) {
    drafts.set(record.serverName, record.key, record.values, []);
    stored.set(record.serverName, record.key, record.values, []);
  }
  const save = () => session?.save(stored.records());
  return {
    get: (serverName, formKey) => drafts.get(serverName, formKey),
    set(serverName, formKey, values, fields = []) {
      drafts.set(serverName, formKey, values, fields);
      if (!session) return;
      const withoutFiles = { ...values };
      for (const field of fields) if (field.kind === "file") delete withoutFiles[fieldName(field)];
      stored.set(serverName, formKey, withoutFiles, fields, true);
      save();
    },
    delete(serverName, formKey) {
      drafts.delete(serverName, formKey);
      if (!session) return;
      stored.delete(serverName, formKey);
      save();
    },
    clear() {
      drafts.clear();
      if (!session) return;
      stored.clear();
      save();
    },
    get size() {
      return drafts.size;
    },
  };
}

interface SessionCopy {
  load(): KeptValuesRecord[];
  save(records: readonly KeptValuesRecord[]): void;
}

/** The tab's sessionStorage under `key`, or nothing where it cannot be reached (a server, a sandboxed frame). */
function openSession(key: string): SessionCopy | undefined {
  let storage: Storage | undefined;
  try {
    storage = globalThis.sessionStorage;
  } catch {
    return undefined;
  }
  if (!storage) return undefined;
  const reached = storage;
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(reached.getItem(key) ?? "[]");
        // Another script may have written anything under this key: only well-formed records come back.
        return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
      } catch {
        return [];
      }
    },
    save(records) {
      // A full or blocked storage costs the stored copy only; the drafts stay in memory.
      try {
        if (records.length === 0) reached.removeItem(key);
        else reached.setItem(key, JSON.stringify(records));
      } catch {
        /* kept in memory */
      }
    },
  };
}

function isRecord(value: unknown): value is KeptValuesRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Partial<KeptValuesRecord>;
  return typeof record.serverName === "string" && typeof record.key === "string" && typeof record.values === "object" && record.values !== null && !Array.isArray(record.values);
}
