// "react-mcp-elicitation/server/sdk": the relay wired to the official MCP SDKs' clients (v1 and v2).
export { elicitationsThroughRelay, type ElicitationsThroughRelayOptions, type SdkClientLike } from "./elicitationsThroughRelay";
