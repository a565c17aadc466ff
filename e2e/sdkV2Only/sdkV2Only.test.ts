// A page on SDK v2 alone: the packed package and @modelcontextprotocol/client installed in a folder of their
// own, outside the checkout (where @modelcontextprotocol/sdk, v1, cannot be found), built by Vite as a host
// builds its app, then run in Chromium against SDK v2 servers of both protocol eras on 127.0.0.1. The same
// folder cannot build a page importing the v1 entry: proof that v1 is absent there, so the v2 page's build
// resolving nothing of v1 is what the test sees.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { acceptedContent, createMcpHandler, inputRequired, McpServer, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import type { Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import { packedLibrary } from "../../scripts/packLibrary.mjs";
import { sendFetchResponse } from "../../src/server/sendFetchResponse";
import { toFetchRequest } from "../../src/server/toFetchRequest";
import webpack from "webpack";
import { asRelease } from "../security/packedConsumer";
import { sendFileFrom } from "../sendFileFrom";

const run = promisify(execFile);
const checkoutModules = join(import.meta.dirname, "../../node_modules");

const tagForm = {
  mode: "form",
  message: "Which release tag?",
  requestedSchema: { type: "object", properties: { tag: { type: "string", title: "Tag", pattern: "^v[0-9]+$" } }, required: ["tag"] },
} as const;

let app: string;
let browser: Browser | undefined;

/**
 * A host app's folder with the packed package, its dependencies and SDK v2 in node_modules, and nothing
 * else: outside the checkout, so no module of it resolves from the checkout's node_modules by walking up.
 */
async function createV2OnlyApp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "rme-sdk-v2-only-"));
  const library = join(dir, "node_modules/react-mcp-elicitation");
  await mkdir(library, { recursive: true });
  const { tarball, remove } = packedLibrary();
  try {
    await run("tar", ["-xzf", tarball, "-C", library, "--strip-components=1"]);
  } finally {
    remove();
  }
  const { dependencies } = JSON.parse(await readFile(join(library, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  // As npm would install them: the package's dependencies and the host's SDK v2, each from the checkout.
  for (const name of [...Object.keys(dependencies), "@modelcontextprotocol/client"]) {
    await mkdir(join(dir, "node_modules", name, ".."), { recursive: true });
    await symlink(join(checkoutModules, name), join(dir, "node_modules", name), "dir");
  }
  for (const file of ["index.html", "main.js"]) await copyFile(join(import.meta.dirname, "page", file), join(dir, file));
  return dir;
}

const buildApp = (root: string, outDir: string) =>
  asRelease(() => build({ configFile: false, root, base: "/", logLevel: "silent", build: { outDir, emptyOutDir: true } }));

/** The same app through webpack 5, which fails on a module it cannot find, a lazy import() among them. Not minified: what is resolved is the question. */
async function buildWithWebpack(root: string, outDir: string): Promise<void> {
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    webpack(
      { mode: "production", context: root, entry: "./main.js", target: "web", devtool: false, optimization: { minimize: false }, output: { path: outDir, clean: true }, performance: { hints: false } },
      (error, result) => (error || !result ? reject(error) : resolve(result)),
    ),
  );
  if (stats.hasErrors()) throw new Error(stats.toString("errors-only"));
}

/**
 * The built files that stand in for a module the bundler could not find. Vite does not fail on an optional
 * peer dependency that is missing (the package declares SDK v1 one): it puts a module in its place that
 * throws "Could not resolve … Is it installed?" when loaded. A page that builds must hold none.
 */
async function missingModuleStubs(outDir: string): Promise<string[]> {
  const names = (await readdir(outDir, { recursive: true })).map(String).filter((name) => name.endsWith(".js"));
  const stubs: string[] = [];
  for (const name of names) {
    const text = await readFile(join(outDir, name), "utf8");
    for (const match of text.matchAll(/Could not resolve \\?"([^"\\]+)\\?"/g)) stubs.push(`${name}: ${match[1]}`);
  }
  return stubs;
}

/** SDK v2 servers whose "release" tool asks for a tag: /mcp-2025 (sessions, elicitation/create) and /mcp-2026 (2026-07-28 only, input_required). */
async function servePageAndServers(pageDir: string) {
  const legacyServer = new McpServer({ name: "releases", version: "2.0.0" });
  legacyServer.registerTool("release", { description: "Releases after asking for a tag" }, async (ctx) => {
    const answer = await ctx.mcpReq.elicitInput(tagForm as never);
    return { content: [{ type: "text", text: JSON.stringify(answer) }] };
  });
  const legacy = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await legacyServer.connect(legacy);
  const modern = createMcpHandler(
    () => {
      const server = new McpServer({ name: "releases", version: "2.0.0" });
      server.registerTool("release", { description: "Releases after asking for a tag", inputSchema: z.object({}) }, async (_args, ctx) => {
        const responses = ctx.mcpReq.inputResponses;
        if (!responses) return inputRequired({ inputRequests: { tag: inputRequired.elicit(tagForm as never) } });
        return { content: [{ type: "text", text: JSON.stringify(acceptedContent(responses, "tag")) }] };
      });
      return server;
    },
    { legacy: "reject" },
  );
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const mcp = path === "/mcp-2025" ? legacy.handleRequest.bind(legacy) : path === "/mcp-2026" ? modern.fetch : undefined;
    if (mcp) void mcp(toFetchRequest(req)).then((response) => sendFetchResponse(res, response));
    else void sendFileFrom(pageDir, path, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await legacyServer.close();
      await modern.close();
    },
  };
}

beforeAll(async () => {
  app = await createV2OnlyApp();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (app) await rm(app, { recursive: true, force: true });
});

describe("a page on @modelcontextprotocol/client (v2) alone", () => {
  it("SDK v1 cannot be found from the app's folder, and a page importing the v1 entry fails to build there", async () => {
    const fromApp = createRequire(join(app, "main.js"));
    expect(() => fromApp.resolve("@modelcontextprotocol/sdk/types.js")).toThrow(/Cannot find module/);
    expect(fromApp.resolve("@modelcontextprotocol/client")).toContain("@modelcontextprotocol/client");
    const v1Page = join(app, "v1-page");
    await mkdir(v1Page);
    await writeFile(join(v1Page, "index.html"), '<script type="module" src="./main.js"></script>\n');
    await writeFile(join(v1Page, "main.js"), 'import { elicitationsThroughQueue } from "react-mcp-elicitation/client/sdk/v1";\nconsole.log(elicitationsThroughQueue);\n');
    await expect(buildApp(v1Page, join(app, "v1-out"))).rejects.toThrow(/@modelcontextprotocol\/sdk/);
  });

  it("webpack 5 builds the same page, every module found", async () => {
    const out = join(app, "webpack-out");
    await buildWithWebpack(app, out);
    expect(await missingModuleStubs(out)).toEqual([]);
  });

  it("builds with Vite, and in Chromium answers a server of each era through the queue, every key as sent", async () => {
    const out = join(app, "dist");
    await buildApp(app, out);
    expect(await missingModuleStubs(out)).toEqual([]);
    const served = await servePageAndServers(out);
    browser ??= await launchChromium();
    const context = await browser.newContext();
    try {
      for (const [endpoint, era, answer] of [
        ["/mcp-2025", "legacy", { action: "accept", content: { tag: "v9" } }],
        ["/mcp-2026", "modern", { tag: "v9" }],
      ] as const) {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await page.goto(`${served.origin}/?endpoint=${endpoint}`);
        await page.waitForFunction(() => document.getElementById("status")?.textContent !== "connecting");
        expect(await page.textContent("#status"), endpoint).toBe(`connected: ${era}`);

        await page.evaluate(() => {
          const w = window as unknown as { __call(name: string): Promise<unknown>; __called: Promise<unknown> };
          w.__called = w.__call("release");
        });
        type PageQueue = { getSnapshot(): { current?: { id: string; serverName: string; params: unknown } }; respond(id: string, result: unknown): boolean };
        const entry = await (
          await page.waitForFunction(() => (window as unknown as { __queue: PageQueue }).__queue.getSnapshot().current)
        ).jsonValue();
        expect(entry, endpoint).toMatchObject({ serverName: "Releases", params: { requestedSchema: { properties: { tag: { pattern: "^v[0-9]+$" } } } } });
        const text = await page.evaluate(async (id) => {
          const w = window as unknown as { __queue: PageQueue; __called: Promise<{ content: { text: string }[] }> };
          w.__queue.respond(id, { action: "accept", content: { tag: "v9" } });
          return (await w.__called).content[0]!.text;
        }, entry!.id);
        expect(JSON.parse(text), endpoint).toEqual(answer);
        expect(errors, endpoint).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
      await served.close();
    }
  });
});
