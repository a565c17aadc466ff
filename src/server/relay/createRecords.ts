// The record of every closed question, once across instances. No extra decision is needed: the store
// closes each question once, so the instance whose store call closed it records it — the settle that
// won (an answer here, this instance's own closing, a withdrawal or Stop of a question held
// elsewhere), or the store's own closing it reports to the handle that made it (a late answer, a dead
// holder's question swept). That instance alone knows how it came about (a Stop, a shutdown).
import type { ElicitResult } from "../../core/types";
import type { RelayRecord } from "../ElicitationRelayStore";
import type { ElicitationRecordCause, ElicitationRelayEvent, ElicitationRelayOptions } from "../types";

export interface Records {
  /** Whether the host records (`onRecord`). */
  readonly on: boolean;
  /** `record` closed here with `result` (what its MCP side got), for `cause`. Parked rounds' requests are not recorded. */
  closed(record: RelayRecord, result: ElicitResult, cause: ElicitationRecordCause): void;
  /** Waits for the host's calls under way (relay.close). */
  settled(): Promise<void>;
}

export function createRecords({
  onRecord,
  recordContent,
  now,
  emit,
}: {
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
      let call: Promise<void>;
      try {
        call = Promise.resolve(
          onRecord({
            id,
            owner,
            serverName,
            ...(context === undefined ? {} : { context: { ...context } }),
            action: result.action,
            cause,
            receivedAt,
            closedAt: now(),
            ...(content === undefined ? {} : { content }),
          }),
        ).catch(failed);
      } catch (error) {
        failed(error);
        return;
      }
      pending.add(call);
      void call.finally(() => pending.delete(call));
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
