// `npm run demo -- …`: where the MCP client runs is chosen on the command line, the server's MCP
// client by default, and a contradiction is said in words.
import { describe, expect, it } from "vitest";
import { parseDemoOptions } from "../../demo/server/parseDemoOptions";

describe("parseDemoOptions", () => {
  it("no option: the built-in server, its MCP client on the demo's server", () => {
    expect(parseDemoOptions([])).toEqual({ target: undefined, client: "server" });
  });

  it("--page-client: the MCP client in the page", () => {
    expect(parseDemoOptions(["--page-client"])).toEqual({ target: undefined, client: "page" });
  });

  it("the client's place and a named server, in either order", () => {
    const url = { kind: "url", url: "http://127.0.0.1:3001/mcp", label: "127.0.0.1:3001" };
    expect(parseDemoOptions(["--server-client", "--url", "http://127.0.0.1:3001/mcp"])).toEqual({ target: url, client: "server" });
    expect(parseDemoOptions(["--stdio", "node s.js", "--page-client"])).toEqual({
      target: { kind: "stdio", command: "node", args: ["s.js"], label: "s.js" },
      client: "page",
    });
  });

  it("both places are refused, naming the two flags", () => {
    expect(() => parseDemoOptions(["--server-client", "--page-client"])).toThrow("--server-client or --page-client");
  });

  it("an unknown option names the options there are", () => {
    expect(() => parseDemoOptions(["--client", "page"])).toThrow('Unknown option "--client". Use --url <URL> or --stdio "<command>", and --server-client or --page-client.');
  });
});
