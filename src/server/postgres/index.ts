// "react-mcp-elicitation/server/postgres": the relay's store for several instances sharing one Postgres (pg, an optional peer dependency).
export { createPostgresRelayStore, type PostgresRelayStore, type PostgresRelayStoreOptions } from "./createPostgresRelayStore";
