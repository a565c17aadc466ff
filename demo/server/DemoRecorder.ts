import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

export interface DemoRecord {
  tool: string;
  /** What the server got back from the client; absent when the request failed. */
  result?: ElicitResult;
  error?: string;
}

/** What the server received, in order, so tests can check it against what the user did. */
export class DemoRecorder {
  readonly records: DemoRecord[] = [];
  private waiters: (() => void)[] = [];

  record(entry: DemoRecord): void {
    this.records.push(entry);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves once `count` records exist (or after `timeoutMs`, with what there is). */
  async waitFor(count: number, timeoutMs = 10_000): Promise<DemoRecord[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.records.length < count && Date.now() < deadline) {
      await new Promise<void>((wake) => {
        this.waiters.push(wake);
        setTimeout(wake, Math.max(0, deadline - Date.now()));
      });
    }
    return [...this.records];
  }

  clear(): void {
    this.records.length = 0;
  }
}
