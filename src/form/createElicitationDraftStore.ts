import type { FieldDescriptor, FormValues } from "../core/types";
import { createKeptValues, type KeptValuesRecord } from "../core/values/createKeptValues";
import { fieldName, initialFormValues } from "../core/values/initialFormValues";
import { DRAFT_STORAGE_KEY, PAGE_DRAFT_PREFIX, RELAY_DRAFT_PREFIX } from "../core/values/draftKeys";
import { contextKey } from "../core/values/contextKey";

/**
 * How a question's draft ends here: "answered" (Submit, Decline); "closed" without an answer (Cancel,
 * closed elsewhere: the question is over); "left" this page unanswered (withdrawn, timed out, the page let
 * it go: it may be drawn again).
 */
export type ElicitationDraftOutcome = "answered" | "closed" | "left";

/** One question's draft while its form is drawn: what the form tells the store (`keeper()`). */
export interface ElicitationDraftKeeper {
  /** The person changed something: `read()` is kept as the draft at once in memory, and written to storage once the typing pauses. */
  typed(read: () => FormValues): void;
  /** The form leaves the page, the question still open: what was typed is written now (a draft forgotten meanwhile, at a sign-out, stays so). */
  leave(): void;
  /** The question is over here: "answered" forgets the draft; "closed" keeps `values` for `offerClosed` only; "left" keeps them as its draft too. */
  settle(outcome: ElicitationDraftOutcome, values?: FormValues): void;
}

/** The one question a draft belongs to. */
export interface ElicitationDraftQuestion {
  /**
   * The question's own key: the queue entry's `draftKey` (for a relay's request, made from the relay's
   * request id, which only that request's person is ever given).
   */
  key: string;
  /** Who asks, as the host knows it. */
  serverName: string;
  /** The form as drawn (`ParsedElicitationSchema.formKey`): a draft only ever fills the form it was typed into. */
  formKey: string;
  /** The request's `context` (its chat, its tool call): `offerClosed` looks no further than it by default. */
  context?: Readonly<Record<string, string>>;
}

/**
 * What a person typed into a question, kept for that question alone: the form keeps it as the person
 * types, so the same question drawn again (a remount, a navigation away and back, with `storage:
 * "session"` a reload) starts from it. Another question never does, unless the host opts in to
 * `offerClosed`. Values of fields flagged `sensitive` are never kept; a chosen file is kept in memory
 * only, never written to storage. Call `clear()` at sign-out; a relay connection given the store
 * clears it on a 401 and forgets the drafts of questions its relay no longer holds for this person.
 */
export interface ElicitationDraftStore {
  /** What was typed into this question; with `offerClosed`, else what was typed into a closed question of the same form. */
  get(question: ElicitationDraftQuestion): FormValues | undefined;
  /**
   * Keeps `values` (form names `f0`, `f1`, …) as this question's draft, leaving out the fields listed as
   * sensitive; values that are still the form's own starting values (of `fields`) are no draft, and forget it.
   * `typing`: the person is still typing, so the stored copy is written once they pause (a burst of keys is one write); otherwise at once.
   */
  set(question: ElicitationDraftQuestion, values: FormValues, fields?: readonly FieldDescriptor[], typing?: boolean): void;
  /** The question left unanswered (Cancel, a withdrawal, a timeout): with `offerClosed`, `values` changed from the form's own are offered to the next question of its form. */
  keepClosed(question: ElicitationDraftQuestion, values: FormValues, fields?: readonly FieldDescriptor[]): void;
  /** The question was answered: its draft goes, and so does what `offerClosed` kept of its form in its context. */
  delete(question: ElicitationDraftQuestion): void;
  /** What the form of `question` (drawing `fields`) tells the store as the person types and when the question ends. A question whose `key` is "" keeps no draft of its own. */
  keeper(question: ElicitationDraftQuestion, fields: readonly FieldDescriptor[]): ElicitationDraftKeeper;
  /** Forgets the drafts whose key starts with `prefix` and is not in `keys` (a relay's questions still open for this person). */
  keepOnly(prefix: string, keys: ReadonlySet<string>): void;
  /** Forgets everything, in memory and in `sessionStorage`: call it when the person signs out. */
  clear(): void;
  readonly size: number;
}

export interface ElicitationDraftStoreOptions {
  /** Drafts kept at most; the oldest goes first. Default 20. */
  maxEntries?: number;
  /**
   * "session": drafts of a relay's questions are also written to this tab's `sessionStorage` and read
   * back when the store is created, so what was typed survives a reload (files excepted: the person
   * chooses them again). Where `sessionStorage` is missing, blocked or full, drafts stay in memory.
   * Default "memory".
   */
  storage?: "memory" | "session";
  /** Bytes the stored drafts may take, as UTF-8 JSON; the oldest go first. Default 131072 (128 KiB). */
  maxBytes?: number;
  /** The `sessionStorage` key, for two stores in one tab that must not share. Default "react-mcp-elicitation:drafts". */
  storageKey?: string;
  /**
   * Offers what was typed into a question that closed unanswered (Cancel, a withdrawal, a timeout,
   * "stop asking") to the next question of the same form from the same server: "same-context" only
   * when that question has the same `context` (the same chat), "any-context" whatever it is. Kept in
   * memory only, so it never outlives the page or its person; `clear()` forgets it. Default: off, a
   * draft belongs to its own question.
   */
  offerClosed?: "same-context" | "any-context";
}

/** Quiet time after a draft changes before `sessionStorage` is written: a burst of keys is one write. */
export const DRAFT_SAVE_DELAY_MS = 300;
/** Longest a changed draft waits to be written while the person keeps typing. */
export const DRAFT_SAVE_MAX_WAIT_MS = 2_000;

const DEFAULT_MAX_BYTES = 128 * 1024;
const OFFER_CLOSED = ["same-context", "any-context"] as const;

export function createElicitationDraftStore(options: ElicitationDraftStoreOptions = {}): ElicitationDraftStore {
  const storage = options.storage ?? "memory";
  if (storage !== "memory" && storage !== "session") {
    throw new TypeError(`createElicitationDraftStore: storage must be "memory" or "session" (got ${JSON.stringify(String(storage)).slice(0, 40)}).`);
  }
  const { offerClosed } = options;
  if (offerClosed !== undefined && !(OFFER_CLOSED as readonly unknown[]).includes(offerClosed)) {
    throw new TypeError(`createElicitationDraftStore: offerClosed must be "same-context" or "any-context" (got ${JSON.stringify(String(offerClosed)).slice(0, 40)}).`);
  }
  const maxEntries = options.maxEntries ?? 20;
  // Filed as (question key, form): KeptValues' two parts.
  const drafts = createKeptValues(maxEntries);
  // Filed as (context, form): drafts of closed questions, for `offerClosed` only, in memory only.
  const closed = createKeptValues(maxEntries);
  const session = storage === "session" ? openSession(options.storageKey ?? DRAFT_STORAGE_KEY) : undefined;
  // The stored copy: files left out, bounded in bytes as well as in entries.
  const stored = createKeptValues(maxEntries, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const loaded = session?.load();
  for (const record of loaded?.records ?? []) {
    drafts.set(record.serverName, record.key, record.values, []);
    stored.set(record.serverName, record.key, record.values, []);
  }
  // Written now, or while the person types once the typing pauses: whatever is written is the whole current copy.
  let pending: { timer: ReturnType<typeof setTimeout>; since: number } | undefined;
  const save = () => {
    clearTimeout(pending?.timer);
    pending = undefined;
    session?.save(stored.records());
  };
  const saveSoon = () => {
    const since = pending?.since ?? Date.now();
    clearTimeout(pending?.timer);
    pending = { timer: setTimeout(save, Math.max(0, Math.min(DRAFT_SAVE_DELAY_MS, since + DRAFT_SAVE_MAX_WAIT_MS - Date.now()))), since };
  };
  // What is not a draft of a relay's question (an earlier version's drafts, filed by form) is not left behind.
  if (loaded?.dropped) save();
  const contextOf = (question: ElicitationDraftQuestion) => (offerClosed === "any-context" ? "" : contextKey(question.context));

  const forget = (question: ElicitationDraftQuestion) => {
    const form = formId(question);
    drafts.delete(question.key, form);
    closed.delete(contextOf(question), form);
    if (!session) return;
    stored.delete(question.key, form);
    save();
  };

  const store: ElicitationDraftStore = {
    get(question) {
      const form = formId(question);
      return drafts.get(question.key, form) ?? (offerClosed ? closed.get(contextOf(question), form) : undefined);
    },
    set(question, values, fields = [], typing) {
      if (untouched(values, fields)) return forget(question);
      drafts.set(question.key, formId(question), values, fields);
      // A question of this page is gone after a reload: nothing of it is written.
      if (!session || question.key.startsWith(PAGE_DRAFT_PREFIX)) return;
      const withoutFiles = { ...values };
      for (const field of fields) if (field.kind === "file") delete withoutFiles[fieldName(field)];
      stored.set(question.key, formId(question), withoutFiles, fields, true);
      if (typing) saveSoon();
      else save();
    },
    keepClosed(question, values, fields = []) {
      if (offerClosed && !untouched(values, fields)) closed.set(contextOf(question), formId(question), values, fields, true);
    },
    delete: forget,
    keepOnly(prefix, keys) {
      let changed = false;
      for (const record of drafts.records()) {
        if (!record.serverName.startsWith(prefix) || keys.has(record.serverName)) continue;
        drafts.delete(record.serverName, record.key);
        stored.delete(record.serverName, record.key);
        changed = true;
      }
      if (changed) save();
    },
    clear() {
      drafts.clear();
      closed.clear();
      stored.clear();
      // Even when nothing is in memory: another store of this tab may have written under the key.
      save();
    },
    keeper(question, fields) {
      // Over once the question ends here: the form emptied after an answer is no draft.
      let over = false;
      let read: (() => FormValues) | undefined;
      const own = question.key !== "";
      const keep = (typing: boolean) => {
        if (!over && own && read && (typing || store.get(question))) store.set(question, read(), fields, typing);
      };
      return {
        typed(values) {
          read = values;
          keep(true);
        },
        leave: () => keep(false),
        settle(outcome, values) {
          over = true;
          if (outcome !== "left" || values === undefined) forget(question);
          else if (own) store.set(question, values, fields);
          if (values !== undefined && outcome !== "answered") store.keepClosed(question, values, fields);
        },
      };
    },
    get size() {
      return drafts.size + closed.size;
    },
  };
  return store;
}

/** Whether `values` are still the form's own starting values, value by value (a file's data: URI is millions of characters, which JSON would copy). */
function untouched(values: FormValues, fields: readonly FieldDescriptor[]): boolean {
  const start = initialFormValues(fields);
  return Object.keys({ ...values, ...start }).every((key) => {
    const x = values[key];
    const y = start[key];
    return Array.isArray(x) && Array.isArray(y) ? x.length === y.length && x.every((item, i) => item === y[i]) : x === y;
  });
}

/** The form a question draws, from its server: length-prefixed, so no two pairs collide. */
function formId({ serverName, formKey }: ElicitationDraftQuestion): string {
  return `${serverName.length}:${serverName}${formKey}`;
}

interface SessionCopy {
  /** The well-formed records, and whether anything else was there. */
  load(): { records: KeptValuesRecord[]; dropped: boolean };
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
        const records = Array.isArray(parsed) ? parsed.filter(isRecord) : [];
        return { records, dropped: !Array.isArray(parsed) || records.length < parsed.length };
      } catch {
        return { records: [], dropped: true };
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

/** A stored draft: its question's key (`serverName` of the record), its form (`key`), its values. Only a relay's questions are ever stored. */
function isRecord(value: unknown): value is KeptValuesRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Partial<KeptValuesRecord>;
  return (
    typeof record.serverName === "string" &&
    record.serverName.startsWith(RELAY_DRAFT_PREFIX) &&
    typeof record.key === "string" &&
    typeof record.values === "object" &&
    record.values !== null &&
    !Array.isArray(record.values)
  );
}
