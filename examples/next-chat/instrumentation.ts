// Runs once as the Next.js server starts: starts the example's MCP server, unless DEPLOY_MCP_URL
// already names one.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.DEPLOY_MCP_URL) return;
  const { startDeployServer } = await import("./mcp/deployServer");
  process.env.DEPLOY_MCP_URL = (await startDeployServer()).url;
}
