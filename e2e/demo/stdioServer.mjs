// A small MCP server on stdio (SDK v1) for the demo's bridge: one tool that asks a question.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "stdio-fixture", version: "1.0.0" });
server.registerTool("pick_colour", { description: "Asks for a colour and a count" }, async () => {
  const result = await server.server.elicitInput({
    message: "Which colour, and how many?",
    requestedSchema: {
      type: "object",
      properties: {
        colour: { type: "string", title: "Colour", enum: ["red", "green", "blue"] },
        count: { type: "integer", title: "Count", minimum: 1, default: 2 },
      },
      required: ["colour"],
    },
  });
  return { content: [{ type: "text", text: `Server received: ${JSON.stringify(result)}` }] };
});
await server.connect(new StdioServerTransport());
