// The record of every closed question, once across instances. The store closes each question once,
// so the instance whose store call closed it records it — the settle that won (an answer here, this
// instance's own closing, a withdrawal or Stop of a question held elsewhere), or the store's own
// closing it reports to the handle that made it (a late answer, a dead holder's question swept).
// That instance alone knows how it came about (a Stop, a shutdown). Each record also claims its id
// in the store: a closing whose write timed out yet landed is recorded by its repair only when no
// other instance recorded it first.
import type { ElicitResult } from "../../core/types";
import type { StoreGuard } from "../createStoreGuard";
import type { ElicitationRelayStore, RelayRecord } from "../ElicitationRelayStore";
import type { ElicitationRecordCause, ElicitationRelayEvent, ElicitationRelayOptions } from "../types";

export interface Records {
  /** Whether the host records (`onRecord`). */
  readonly on: boolean;
  /** `record` closed here with `result` (what its MCP side got), for `cause`. Parked rounds' requests are not recorded. */
  closed(record: RelayRecord, result: ElicitResult, cause: ElicitationRecordCause): void;
  /** Waits for the host's calls under way (relay.close). */
  settled(): Promise<void>;
}

const claimKey = (id: string) => `record:${id}`;

export function createRecords({
  store,
  guard,
  claimMs,
  onRecord,
  recordContent,
  now,
  emit,
}: {
  store: ElicitationRelayStore;
  guard: StoreGuard;
  /** How long a record's claim is kept: as long as a question may stay open. */
  claimMs: number;
  onRecord: ElicitationRelayOptions["onRecord"];
  recordContent: ElicitationRelayOptions["recordContent"];
  now: () => number;
  emit: (event: Omit<ElicitationRelayEvent, "time">) => void;
}): Records {
  const pending = new Set<Promise<void>>();
  if (onRecord === undefined) return { on: false, closed: () => undefined, settled: async () => undefined };

  function contentOf(serverName: string, result: ElicitResult): ElicitResult["content"] {
    if (result.action !== "accept" || result.content === undefined) return undefined;
    let allowed = false;
    try {
      allowed = recordContent?.(serverName) === true;
    } catch {
      // A host's check that throws keeps the content out.
    }
    return allowed ? structuredClone(result.content) : undefined;
  }

  return {
    on: true,
    closed(record, result, cause) {
      if (record.round !== undefined) return;
      const { id, owner, serverName, context, receivedAt } = record;
      const content = contentOf(serverName, result);
      const failed = (error: unknown) =>
        emit({ type: "record-failed", owner, serverName, id, error: error instanceof Error ? error.name : "Error" });
      const closedAt = now();
      const deliver = async () => {
        let first = true;
        try {
          first = await guard("claim", () => store.claim(claimKey(id), claimMs));
        } catch {
          // The store cannot say: this instance closed it, so it records (a second record only if a repair's guess raced it).
        }
        if (!first) return;
        await onRecord({
          id,
          owner,
          serverName,
          ...(context === undefined ? {} : { context: { ...context } }),
          action: result.action,
          cause,
          receivedAt,
          closedAt,
          ...(content === undefined ? {} : { content }),
        });
      };
      const call = deliver().catch(failed);
      pending.add(call);
      void call.finally(() => pending.delete(call));
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
