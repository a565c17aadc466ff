// What the Postgres store keeps besides requests: once-only claims (store.claim, judged by the
// database's clock) and each person's small values by kind (store.keep / store.kept), one statement each.
import type { ElicitationRelayStore } from "../ElicitationRelayStore";
import { NOW_MS, type relayTables } from "./relayTables";

type Query = <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;

export function createPostgresPersonValues(t: ReturnType<typeof relayTables>, tables: () => Promise<unknown>, query: Query): Pick<ElicitationRelayStore, "claim" | "keep" | "kept"> {
  return {
    async claim(key, ttlMs) {
      await tables();
      // Won when the key is new, or its last claim's time has passed; one row decides among racing callers.
      const won = await query(
        `INSERT INTO ${t.claims} VALUES ($1, ${NOW_MS} + $2) ON CONFLICT (key) DO UPDATE SET until_ms = EXCLUDED.until_ms WHERE ${t.claims}.until_ms <= ${NOW_MS} RETURNING key`,
        [key, Math.max(1, Math.ceil(ttlMs))],
      );
      return won.length === 1;
    },
    async keep(owner, kind, key, value) {
      await tables();
      if (value === undefined) await query(`DELETE FROM ${t.kept} WHERE owner = $1 AND kind = $2 AND key = $3`, [owner, kind, key]);
      else await query(`INSERT INTO ${t.kept} VALUES ($1, $2, $3, $4) ON CONFLICT (owner, kind, key) DO UPDATE SET value = EXCLUDED.value`, [owner, kind, key, value]);
    },
    async kept(owner, kind) {
      await tables();
      const rows = await query<{ key: string; value: string }>(`SELECT key, value FROM ${t.kept} WHERE owner = $1 AND kind = $2`, [owner, kind]);
      return Object.fromEntries(rows.map(({ key, value }) => [key, value]));
    },
  };
}
