// "react-mcp-elicitation/client/sdk/v2": the page's queue wired to an `@modelcontextprotocol/client` (v2) Client.
// It imports nothing of either SDK at run time.
export { elicitationsThroughQueue } from "./elicitationsThroughQueue";
export type { ElicitationsThroughQueueOptions } from "../ElicitationsThroughQueueOptions";
