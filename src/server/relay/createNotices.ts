// A question nobody has seen reaches its person another way (email, chat, Web Push): the instance
// holding it waits `afterMs`, then sends one notice — unless a window, on any instance, drew it first.
// "Drawn first" or "noticed first" is decided once, through the store (`claim`), so a question is
// noticed at most once and never after a window showed it. Only the holder sends, and only while it
// still holds the question: never for one answered, withdrawn or closed meanwhile.
import { noticeChoicesOf } from "../../core/relay/noticeChoicesOf";
import { isRecord } from "../../core/shared/ownProperty";
import type { PreparedRequests } from "../createPreparedRequests";
import type { StoreGuard } from "../createStoreGuard";
import type { ElicitationRelayStore, RelayRecord } from "../ElicitationRelayStore";
import type { ElicitationNotice, ElicitationRelayEvent, ElicitationRelayNotify } from "../types";

/** Characters of the server's message a notice carries, at most. */
export const NOTICE_MESSAGE_LENGTH = 140;
/** Ids this instance already claimed as shown, remembered so that each is claimed once (older ones may be claimed again). */
const SHOWN_REMEMBERED = 10_000;

export interface Notices {
  /** Starts the wait for a question held here; the returned function ends it (the question left). Undefined when the host sends no notices. */
  schedule(record: RelayRecord): (() => void) | undefined;
  /** A window here drew the question. */
  shown(id: string): void;
}

const claimKey = (id: string) => `notice:${id}`;

/** The server's message, cut to the bound on a character boundary; "" when it sent none. */
function messageOf(params: unknown): string {
  const message = isRecord(params) && typeof params.message === "string" ? params.message : "";
  const characters = [...message];
  return characters.length <= NOTICE_MESSAGE_LENGTH ? message : `${characters.slice(0, NOTICE_MESSAGE_LENGTH - 1).join("")}…`;
}

export function createNotices({
  store,
  guard,
  emit,
  notify,
  timeoutMs,
  prepare,
}: {
  store: ElicitationRelayStore;
  guard: StoreGuard;
  emit: (event: Omit<ElicitationRelayEvent, "time">) => void;
  notify: ElicitationRelayNotify | undefined;
  /** How long a claim is kept: as long as a question may stay open. */
  timeoutMs: number;
  /** The relay's preparation of params: which answers a notice may offer is read from it. */
  prepare: PreparedRequests;
}): Notices {
  const claimed = new Set<string>();
  if (notify === undefined) return { schedule: () => undefined, shown: () => undefined };
  const { send, afterMs } = notify;

  async function fire(record: RelayRecord, isOpen: () => boolean): Promise<void> {
    let first: boolean;
    try {
      first = await guard("claim", () => store.claim(claimKey(record.id), timeoutMs));
    } catch {
      // The store cannot say whether a window drew it: the holder alone sends, so at worst one
      // notice reaches a person who already saw the card, never two and never none.
      first = true;
    }
    if (!first || !isOpen()) return;
    const notice: ElicitationNotice = {
      id: record.id,
      owner: record.owner,
      serverName: record.serverName,
      message: messageOf(record.params),
      ...(record.context === undefined ? {} : { context: { ...record.context } }),
      receivedAt: record.receivedAt,
    };
    const choices = noticeChoicesOf(prepare(record.params));
    if (choices !== undefined) notice.choices = choices;
    emit({ type: "notified", owner: record.owner, serverName: record.serverName, id: record.id });
    try {
      await send(notice);
    } catch (error) {
      emit({ type: "notify-failed", owner: record.owner, serverName: record.serverName, id: record.id, error: error instanceof Error ? error.name : "Error" });
    }
  }

  return {
    schedule(record) {
      let open = true;
      const timer = setTimeout(() => void fire(record, () => open), afterMs);
      (timer as { unref?: () => void }).unref?.();
      return () => {
        open = false;
        clearTimeout(timer);
      };
    },
    shown(id) {
      if (claimed.has(id)) return;
      if (claimed.size >= SHOWN_REMEMBERED) claimed.delete(claimed.values().next().value!);
      claimed.add(id);
      // Whoever claims first decides: a window first means no notice, ever.
      void guard("claim", () => store.claim(claimKey(id), timeoutMs)).catch(() => claimed.delete(id));
    },
  };
}
