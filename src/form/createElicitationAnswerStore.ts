import type { FormValues, ParsedElicitationSchema } from "../core/types";
import { createKeptValues } from "../core/values/createKeptValues";
import { fieldName } from "../core/values/initialFormValues";
import { contextKey } from "../core/values/contextKey";

/** One kept answer: the server, the form it answered (`key`: its message and prepared schema) and the values submitted. */
export interface ElicitationAnswerRecord {
  serverName: string;
  key: string;
  values: FormValues;
}

/**
 * Where a host keeps answers between page loads, if it wants to: `load` runs once when the store
 * is created, `save` after every change with every kept answer. Omitted, answers live in memory
 * and go with the page. A `load` or `save` that throws (a full `localStorage`: QuotaExceededError)
 * or a `save` whose promise never settles costs the stored copy only: the answer was sent already,
 * and the store goes on in memory.
 */
export interface ElicitationAnswerStorage {
  load(): readonly ElicitationAnswerRecord[] | undefined;
  save(records: readonly ElicitationAnswerRecord[]): void;
}

/**
 * What a person submitted to a form, kept so that the same server asking the very same form again
 * (same prepared schema and message), in the same `context` (the same chat) unless `offer` says
 * otherwise, can offer "Use my last answer". It fills the form and never sends. Values of fields flagged sensitive are never kept, nor files (a person's file is megabytes
 * in a store that may be written to disk): the person chooses the file again.
 */
export interface ElicitationAnswerStore {
  /** What was last submitted to this form (this prepared schema with this message) from this server, in this `context`. */
  get(serverName: string, schema: ParsedElicitationSchema, message: string, context?: Readonly<Record<string, string>>): FormValues | undefined;
  /** Keeps `values` (form names `f0`, `f1`, …), leaving out the fields flagged sensitive and file fields. */
  set(serverName: string, schema: ParsedElicitationSchema, message: string, values: FormValues, context?: Readonly<Record<string, string>>): void;
  /** Forgets every answer to this server ("Stop asking" does this). */
  forgetServer(serverName: string): void;
  clear(): void;
  readonly size: number;
}

export interface ElicitationAnswerStoreOptions {
  /** Answers kept at most; the oldest goes first. Default 50. */
  maxEntries?: number;
  /**
   * Bytes the kept answers may take, as UTF-8 JSON (about what `save` writes); the oldest go first,
   * and an answer larger than this alone is not kept. Default 262144 (256 KiB), well inside a
   * `localStorage` quota shared with the host's own data.
   */
  maxBytes?: number;
  /** Persistence chosen by the host (e.g. localStorage, per user); in memory only when omitted. */
  storage?: ElicitationAnswerStorage;
  /** Where an answer is offered again: "same-context" (default) in requests of the same `context` (the same chat) only, "any-context" in any. */
  offer?: "same-context" | "any-context";
}

const DEFAULT_MAX_BYTES = 256 * 1024;

export function createElicitationAnswerStore(options: ElicitationAnswerStoreOptions = {}): ElicitationAnswerStore {
  const offer = options.offer ?? "same-context";
  if (offer !== "same-context" && offer !== "any-context") {
    throw new TypeError(`createElicitationAnswerStore: offer must be "same-context" or "any-context" (got ${JSON.stringify(String(offer)).slice(0, 40)}).`);
  }
  const answers = createKeptValues(options.maxEntries ?? 50, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const { storage } = options;
  // The message is part of the form: the same fields under another wording are another question; and
  // unless the host says otherwise, another chat's answer is not this chat's.
  const formKey = (schema: ParsedElicitationSchema, message: string, context: Readonly<Record<string, string>> | undefined) => {
    const scope = offer === "any-context" ? "" : contextKey(context);
    return `${scope.length}:${scope}${message.length}:${message}${schema.formKey}`;
  };
  for (const record of loadRecords(storage)) {
    if (typeof record?.serverName !== "string" || typeof record.key !== "string" || typeof record.values !== "object" || record.values === null) continue;
    answers.set(record.serverName, record.key, record.values, []);
  }
  const save = () => {
    if (!storage) return;
    // The host's storage may be full, broken or slow: that costs the stored copy, nothing else.
    try {
      const pending: unknown = storage.save(answers.records());
      if (typeof (pending as PromiseLike<void> | undefined)?.then === "function") (pending as PromiseLike<void>).then(undefined, ignore);
    } catch {
      // Kept in memory still; the next change tries again with every record.
    }
  };

  return {
    get: (serverName, schema, message, context) => answers.get(serverName, formKey(schema, message, context)),
    set(serverName, schema, message, values, context) {
      const kept = { ...values };
      for (const field of schema.fields) if (field.kind === "file") delete kept[fieldName(field)];
      // Nothing left once sensitive fields and files are out: nothing to offer.
      answers.set(serverName, formKey(schema, message, context), kept, schema.fields, true);
      save();
    },
    forgetServer(serverName) {
      answers.forgetServer(serverName);
      save();
    },
    clear() {
      answers.clear();
      save();
    },
    get size() {
      return answers.size;
    },
  };
}

/** What the host's storage holds; nothing when it throws or answers with anything but a list. */
function loadRecords(storage: ElicitationAnswerStorage | undefined): readonly ElicitationAnswerRecord[] {
  try {
    const records = storage?.load();
    return Array.isArray(records) ? records : [];
  } catch {
    return [];
  }
}

function ignore() {}
