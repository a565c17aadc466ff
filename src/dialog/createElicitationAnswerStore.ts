import type { FormValues, ParsedElicitationSchema } from "../core/types";
import { createKeptValues } from "../core/values/createKeptValues";

/** One kept answer: the server, the form it answered (`key`: its message and prepared schema) and the values submitted. */
export interface ElicitationAnswerRecord {
  serverName: string;
  key: string;
  values: FormValues;
}

/**
 * Where a host keeps answers between page loads, if it wants to: `load` runs once when the store
 * is created, `save` after every change with every kept answer. Omitted, answers live in memory
 * and go with the page.
 */
export interface ElicitationAnswerStorage {
  load(): readonly ElicitationAnswerRecord[] | undefined;
  save(records: readonly ElicitationAnswerRecord[]): void;
}

/**
 * What a person submitted to a form, kept so that the same server asking the very same form again
 * (same prepared schema and message) can offer "Use my last answer". It fills the form and never
 * sends. Values of fields flagged sensitive are never kept.
 */
export interface ElicitationAnswerStore {
  /** What was last submitted to this form (this prepared schema with this message) from this server. */
  get(serverName: string, schema: ParsedElicitationSchema, message: string): FormValues | undefined;
  /** Keeps `values` (form names `f0`, `f1`, …), leaving out the fields flagged sensitive. */
  set(serverName: string, schema: ParsedElicitationSchema, message: string, values: FormValues): void;
  /** Forgets every answer to this server ("Stop asking" does this). */
  forgetServer(serverName: string): void;
  clear(): void;
  readonly size: number;
}

export interface ElicitationAnswerStoreOptions {
  /** Answers kept at most; the oldest goes first. Default 50. */
  maxEntries?: number;
  /** Persistence chosen by the host (e.g. localStorage, per user); in memory only when omitted. */
  storage?: ElicitationAnswerStorage;
}

export function createElicitationAnswerStore(options: ElicitationAnswerStoreOptions = {}): ElicitationAnswerStore {
  const answers = createKeptValues(options.maxEntries ?? 50);
  const { storage } = options;
  // The message is part of the form: the same fields under another wording are another question.
  const formKey = (schema: ParsedElicitationSchema, message: string) => `${message.length}:${message}${schema.cacheKey}`;
  for (const record of storage?.load() ?? []) {
    if (typeof record?.serverName !== "string" || typeof record.key !== "string" || typeof record.values !== "object" || record.values === null) continue;
    answers.set(record.serverName, record.key, record.values, []);
  }
  const save = () => storage?.save(answers.records());

  return {
    get: (serverName, schema, message) => answers.get(serverName, formKey(schema, message)),
    set(serverName, schema, message, values) {
      // Nothing left once sensitive fields are out: nothing to offer.
      answers.set(serverName, formKey(schema, message), values, schema.fields, true);
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
