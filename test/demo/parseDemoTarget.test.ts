// `npm run demo -- …`: what the person types on the command line becomes the server to bridge to,
// and a mistake is said in words.
import { describe, expect, it } from "vitest";
import { parseDemoTarget } from "../../demo/server/DemoTarget";

describe("parseDemoTarget", () => {
  it("no option: the built-in server", () => {
    expect(parseDemoTarget([])).toBeUndefined();
  });

  it("--stdio: the command and its arguments, named after the package it runs", () => {
    expect(parseDemoTarget(["--stdio", "npx -y @modelcontextprotocol/server-everything"])).toEqual({
      kind: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-everything"],
      label: "@modelcontextprotocol/server-everything",
    });
  });

  it("--url: a Streamable HTTP endpoint, named by its host", () => {
    expect(parseDemoTarget(["--url", "http://127.0.0.1:3001/mcp"])).toEqual({
      kind: "url",
      url: "http://127.0.0.1:3001/mcp",
      label: "127.0.0.1:3001",
    });
  });

  it.each([
    [["--stdio"], "--stdio needs a value."],
    [["--url", "not a url"], '--url "not a url" is not a URL'],
    [["--url", "file:///etc/passwd"], "must be http: or https:"],
    [["--port", "80"], 'Unknown option "--port"'],
    [["--url", "http://a/mcp", "--stdio", "node s.js"], "Name one server"],
  ])("%j is refused: %s", (argv, message) => {
    expect(() => parseDemoTarget(argv)).toThrow(message);
  });
});
