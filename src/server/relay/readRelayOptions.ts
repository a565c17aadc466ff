// The relay's options with their defaults, each checked once: a wrong one is a clear error when the
// relay is made, never a surprise on a person's request.
import { checkFileInputs } from "../../core/request/fileInputsOptIn";
import { relayBodyLimit } from "../../core/relay/relayBodyLimit";
import { RELAY_BOUNDS } from "../../core/relay/relayWire";
import { checkRateLimit, type RateLimit } from "../../core/shared/createRateLimiter";
import { createMemoryRelayStore } from "../createMemoryRelayStore";
import { STORE_TIMEOUT_MS } from "../createStoreGuard";
import type { ElicitationRelayStore } from "../ElicitationRelayStore";
import type { ElicitationRelayOptions } from "../types";

export interface RelaySettings {
  now: () => number;
  store: ElicitationRelayStore;
  rateLimit: RateLimit | false;
  answerRateLimit: RateLimit | false;
  timeoutMs: number;
  maxOpen: number;
  maxStreams: number;
  maxStreamBuffer: number;
  keepAliveMs: number;
  maxBodyBytes: number;
  storeTimeoutMs: number;
  bodyTimeoutMs: number;
  roundSweepMs: number;
  allowedOrigins: ReadonlySet<string>;
}

const DEFAULTS = {
  timeoutMs: 10 * 60_000,
  rateLimit: { max: 10, windowMs: 60_000 },
  answerRateLimit: { max: 30, windowMs: 10_000 },
  maxOpen: 50,
  maxStreams: 8,
  maxStreamBuffer: 1024 * 1024,
  keepAliveMs: 15_000,
  roundSweepMs: 5_000,
  storeTimeoutMs: STORE_TIMEOUT_MS,
  bodyTimeoutMs: 30_000,
} as const;

const positiveMs = (value: number | undefined): value is number => value !== undefined && value > 0 && Number.isFinite(value);

export function readRelayOptions(options: ElicitationRelayOptions): RelaySettings {
  if (options?.identify !== undefined && typeof options.identify !== "function") throw new TypeError("createElicitationRelay: identify must be a function (request) => the person's id.");
  const now = options.now ?? (() => Date.now());
  const rateLimit = options.rateLimit === undefined ? DEFAULTS.rateLimit : options.rateLimit;
  const answerRateLimit = options.answerRateLimit === undefined ? DEFAULTS.answerRateLimit : options.answerRateLimit;
  checkRateLimit(rateLimit, "createElicitationRelay");
  checkRateLimit(answerRateLimit, "createElicitationRelay (answerRateLimit)");
  checkFileInputs(options.fileInputs);
  const counts = {
    maxOpenPerPerson: options.maxOpenPerPerson ?? DEFAULTS.maxOpen,
    maxStreamsPerPerson: options.maxStreamsPerPerson ?? DEFAULTS.maxStreams,
    maxStreamBufferBytes: options.maxStreamBufferBytes ?? DEFAULTS.maxStreamBuffer,
    maxBodyBytes: options.maxBodyBytes ?? relayBodyLimit(options.limits, options.fileInputs),
  };
  for (const [name, value] of Object.entries(counts)) {
    if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`createElicitationRelay: ${name} must be a whole number > 0.`);
  }
  // A window lists a person's open requests in one `ready` event, which the browser reads up to its bound.
  if (counts.maxOpenPerPerson > RELAY_BOUNDS.readyIds) {
    throw new RangeError(`createElicitationRelay: maxOpenPerPerson must be at most ${RELAY_BOUNDS.readyIds} (what a browser reads of one "ready" event).`);
  }
  const durations = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    keepAliveMs: options.keepAliveMs ?? DEFAULTS.keepAliveMs,
    storeTimeoutMs: options.storeTimeoutMs ?? DEFAULTS.storeTimeoutMs,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULTS.bodyTimeoutMs,
    roundSweepMs: options.roundSweepMs ?? DEFAULTS.roundSweepMs,
  };
  for (const [name, value] of Object.entries(durations)) {
    if (!positiveMs(value)) throw new RangeError(`createElicitationRelay: ${name} must be a positive number of milliseconds.`);
  }
  if (options.onResume !== undefined && typeof options.onResume !== "function") throw new TypeError("createElicitationRelay: onResume must be a function.");
  if (options.onRecord !== undefined && typeof options.onRecord !== "function") throw new TypeError("createElicitationRelay: onRecord must be a function (record) => void.");
  if (options.recordContent !== undefined && typeof options.recordContent !== "function") {
    throw new TypeError("createElicitationRelay: recordContent must be a function (serverName) => boolean.");
  }
  if (options.notify !== undefined) {
    if (typeof options.notify?.send !== "function") throw new TypeError("createElicitationRelay: notify.send must be a function (notice) => void.");
    if (!positiveMs(options.notify.afterMs)) throw new RangeError("createElicitationRelay: notify.afterMs must be a positive number of milliseconds.");
  }
  if (options.remember !== undefined) {
    const { chat, server } = options.remember ?? {};
    if (chat !== undefined && (typeof chat !== "string" || chat === "" || chat.length > RELAY_BOUNDS.contextKeyLength)) {
      throw new TypeError(`createElicitationRelay: remember.chat must name the context entry holding the chat's id (a key of 1 to ${RELAY_BOUNDS.contextKeyLength} characters, "chatId").`);
    }
    if (server !== undefined && typeof server !== "boolean") throw new TypeError("createElicitationRelay: remember.server must be true or false.");
    if (chat === undefined && server !== true) throw new TypeError('createElicitationRelay: remember must offer something: { chat: "chatId" } and/or { server: true }.');
  }
  return {
    now,
    store: options.store ?? createMemoryRelayStore({ now }),
    rateLimit,
    answerRateLimit,
    ...durations,
    maxOpen: counts.maxOpenPerPerson,
    maxStreams: counts.maxStreamsPerPerson,
    maxStreamBuffer: counts.maxStreamBufferBytes,
    maxBodyBytes: counts.maxBodyBytes,
    allowedOrigins: new Set(options.allowedOrigins ?? []),
  };
}

/** A per-call duration: a positive number of milliseconds. */
export { positiveMs };
