// The stores the relay's tests run on, in one place: the memory store, the Redis store on one real
// redis-server, the Redis store on a real three-master Redis Cluster (ioredis' Cluster client), and
// the Postgres store on one real Postgres.
// `make(count)` gives the handles of one fresh deployment: one per instance, each with its own
// connections (the memory store, shared by one process, gives itself each time).
import { Cluster } from "ioredis";
import { createMemoryRelayStore } from "../../../src/server/createMemoryRelayStore";
import type { ElicitationRelayStore } from "../../../src/server/ElicitationRelayStore";
import { createPostgresRelayStore, type PostgresRelayStore } from "../../../src/server/postgres/createPostgresRelayStore";
import { createRedisRelayStore, type RedisRelayStore, type RedisRelayStoreOptions } from "../../../src/server/redis/createRedisRelayStore";
import { startPostgres, type RunningPostgres } from "./postgresServer";
import { startRedisCluster, type RunningCluster } from "./redisCluster";
import { startRedis, type RunningRedis } from "./redisServer";

/** Timings both shared stores take (leases, sweeps, heartbeats). */
type RedisTuning = Omit<RedisRelayStoreOptions, "url" | "client" | "prefix">;

export type MakeStores = (count: number, tuning?: RedisTuning) => ElicitationRelayStore[];

export function relayStoreKinds(name: string) {
  let redis: RunningRedis | undefined;
  let cluster: RunningCluster | undefined;
  let postgres: RunningPostgres | undefined;
  const opened: (RedisRelayStore | PostgresRelayStore)[] = [];
  const clients: Cluster[] = [];
  let prefixes = 0;
  const kinds: [string, MakeStores][] = [
    [
      "memory",
      (count) => {
        const store = createMemoryRelayStore();
        return Array.from({ length: count }, () => store);
      },
    ],
    [
      "redis",
      (count, tuning) => {
        const prefix = `${name}${prefixes++}`;
        const stores = Array.from({ length: count }, () => createRedisRelayStore({ url: redis!.url, prefix, ...tuning }));
        opened.push(...stores);
        return stores;
      },
    ],
    [
      "Redis Cluster",
      (count, tuning) => {
        const prefix = `${name}${prefixes++}`;
        return Array.from({ length: count }, () => {
          const client = new Cluster(cluster!.nodes);
          clients.push(client);
          const store = createRedisRelayStore({ client, prefix, ...tuning });
          opened.push(store);
          return store;
        });
      },
    ],
    [
      "Postgres",
      (count, tuning) => {
        // Table names are lower-case identifiers.
        const prefix = `${name}${prefixes++}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
        const stores = Array.from({ length: count }, () => createPostgresRelayStore({ connectionString: postgres!.url, prefix, ...tuning }));
        opened.push(...stores);
        return stores;
      },
    ],
  ];
  return {
    kinds,
    /** For beforeAll (allow it a minute: the cluster is made of three servers). */
    async start() {
      [redis, cluster, postgres] = await Promise.all([startRedis(), startRedisCluster(), startPostgres()]);
    },
    /** For afterAll. */
    async stop() {
      await Promise.all(opened.splice(0).map((store) => store.close()));
      await Promise.all(clients.splice(0).map((client) => client.quit()));
      await Promise.all([redis?.stop(), cluster?.stop(), postgres?.stop()]);
    },
    /** The running redis-server, for tests that look at it directly. */
    redisUrl: () => redis!.url,
    /** The running cluster's masters, for tests that look at it directly. */
    clusterNodes: () => cluster!.nodes,
  };
}
