// "react-mcp-elicitation/client/sdk/v1": the page's queue wired to an `@modelcontextprotocol/sdk` (v1) Client.
// The only entry that imports SDK v1, so a page on SDK v2 never has to resolve it.
export { elicitationsThroughQueue } from "./elicitationsThroughQueue";
export type { ElicitationsThroughQueueOptions } from "../ElicitationsThroughQueueOptions";
