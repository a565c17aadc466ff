// "react-mcp-elicitation/server/redis": the relay's store for several instances sharing one Redis (ioredis, an optional peer dependency).
export { createRedisRelayStore, type RedisRelayStore, type RedisRelayStoreOptions } from "./createRedisRelayStore";
