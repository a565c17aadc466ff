import type { ElicitationQueue } from "../types";

/** Where an MCP client in the page sends the elicitations its server asks for. */
export interface ElicitationsThroughQueueOptions {
  /** The page's queue, from `createElicitationQueue`: each request becomes a card there. */
  queue: ElicitationQueue;
  /** Who is asking, as the host knows the MCP server (shown on every card; never the server's own claim). */
  serverName: string;
}
