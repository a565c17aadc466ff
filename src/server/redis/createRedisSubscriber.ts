import { Redis, type Cluster, type RedisOptions } from "ioredis";

/**
 * The store's subscribed connection: a plain connection of its own, whose subscriptions the store
 * makes again itself (so nobody takes a subscription that missed events for a working one). On a
 * Cluster it connects to the first startup node: what any node publishes reaches every node.
 */
export function createRedisSubscriber(client: Redis | Cluster): Redis {
  if (!("isCluster" in client && client.isCluster)) return (client as Redis).duplicate({ autoResubscribe: false });
  const cluster = client as Cluster;
  const options: RedisOptions = { ...(cluster.options.redisOptions ?? {}), autoResubscribe: false };
  // Where the host told the Cluster to start (ioredis keeps it, without a public name).
  const node = (cluster as unknown as { startupNodes?: unknown[] }).startupNodes?.[0];
  if (typeof node === "number") return new Redis(node, options);
  if (typeof node === "string" && /^rediss?:\/\//.test(node)) return new Redis(node, options);
  if (typeof node === "object" && node !== null) {
    const { host, port } = node as { host?: string; port?: number };
    return new Redis({ ...options, ...(host === undefined ? {} : { host }), ...(port === undefined ? {} : { port }) });
  }
  throw new RangeError('createRedisRelayStore: give the Cluster its startup nodes as { host, port }, a port or a "redis://" URL.');
}
