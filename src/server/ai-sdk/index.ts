// "react-mcp-elicitation/server/ai-sdk": the relay wired to the AI SDK's MCP client (@ai-sdk/mcp, an optional peer dependency).
export {
  toolsWithElicitationRelay,
  type ElicitationRelayToolSchemas,
  type ElicitationRelayTools,
  type ToolsWithElicitationRelayOptions,
} from "./toolsWithElicitationRelay";
