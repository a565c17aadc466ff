// What a host gives connectElicitationRelay (useElicitationRelay takes the same), and what it gets back.
import type { ElicitationRelayRequest } from "../../core/relay/readRelayEvent";
import type { ElicitationQueue } from "../types";
import type { ElicitationRelayError } from "./ElicitationRelayError";

export interface ElicitationRelayLimits {
  /** Characters of one event of the stream; a longer one is skipped and reported. Default 1,000,000. */
  maxEventLength: number;
  /** Events in one second; more drops the stream (reported), which is opened again with backoff. Default 500. */
  maxEventsPerSecond: number;
  /** Requests from this relay held in the queue at once; more are not shown (reported). Default 100. */
  maxOpen: number;
  /** Silence (no event, no keep-alive) after which the stream is taken for dead and opened again. Default 45,000 ms (three keep-alives). */
  idleTimeoutMs: number;
  /** First wait before opening the stream again; it doubles per failure, up to `reconnectMaxMs`. Default 1,000 ms. */
  reconnectFirstMs: number;
  /** Longest wait before opening the stream again. Default 30,000 ms. */
  reconnectMaxMs: number;
}

/** The browser's connection to a relay (the server relay's own options are `ElicitationRelayOptions`, in "/server"). */
export interface ElicitationRelayConnectionOptions {
  /** The relay's URL (GET = the stream, POST = one answer), e.g. "/api/elicitation": http: or https: only. */
  url: string | URL;
  /** The host's queue; the relay's requests go into it like any other. */
  queue: ElicitationQueue;
  /** Extra headers of both GET and POST, e.g. `{ Authorization: "Bearer …" }`; a function is asked before each request (a refreshed token). */
  headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>);
  /** Cookies sent with both. Default "same-origin". */
  credentials?: RequestCredentials;
  /** Replaces the global `fetch` (tests, a host's own instrumented fetch). */
  fetch?: typeof fetch;
  /** Only requests it returns true for are shown here (e.g. those of the open chat, by `context`). */
  filter?: (request: ElicitationRelayRequest) => boolean;
  /** Everything that went wrong and was handled (malformed events, refused answers, lost connections). */
  onError?: (error: ElicitationRelayError) => void;
  limits?: Partial<ElicitationRelayLimits>;
  /**
   * The outlet's draft store (`createElicitationDraftStore()`): each stream's `ready` forgets the drafts
   * of this relay's questions it no longer holds for the signed-in person (another person's, closed
   * ones), and a 401 forgets every draft.
   */
  drafts?: ElicitationRelayDrafts;
}

/** What the connection does with a draft store: what `createElicitationDraftStore()` returns has both. */
export interface ElicitationRelayDrafts {
  keepOnly(prefix: string, keys: ReadonlySet<string>): void;
  clear(): void;
}

export interface ElicitationRelayConnection {
  /**
   * Stops the stream and takes every request it put into the queue out again, without answering:
   * the relay still holds them, for another window or a reload. Answers already on their way finish.
   */
  close(): void;
}
