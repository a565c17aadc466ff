// The hosts of the element's tests: the packed package (`npm run build && npm pack`) consumed by a
// Svelte 5 page (Vite + @sveltejs/vite-plugin-svelte) and by a static HTML page whose module script is
// the element's file as a host vendors it; both served on 127.0.0.1 beside a real relay, whose MCP side
// is a real SDK client calling a real MCP server's "deploy" tool that elicits.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { build } from "vite";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import { sendFetchResponse } from "../../src/server/sendFetchResponse";
import type { ElicitationRelayOptions, ElicitationRememberedDecision } from "../../src/server/types";
import { toFetchRequest } from "../../src/server/toFetchRequest";
import { startDeployServer } from "../../test/server/helpers/deployServer";
import { asRelease, packPackage } from "../security/packedConsumer";
import { sendFileFrom } from "../sendFileFrom";


/** Builds both pages from the packed package; returns the folder holding `svelte/` and `plain/`, and what removes it. */
export async function buildPages(): Promise<{ root: string; remove(): Promise<void> }> {
  const packed = await packPackage();
  const root = await mkdtemp(join(tmpdir(), "rme-element-"));
  // The Svelte page, inside the packed package's folder so that it resolves "react-mcp-elicitation/element" there.
  const svelteSource = join(packed, "svelte");
  await mkdir(svelteSource, { recursive: true });
  for (const file of ["index.html", "main.js", "App.svelte"]) await copyFile(join(import.meta.dirname, "svelte", file), join(svelteSource, file));
  await asRelease(() =>
    build({ configFile: false, root: svelteSource, base: "/svelte/", logLevel: "error", plugins: [svelte()], build: { outDir: join(root, "svelte"), emptyOutDir: true } }),
  );
  // The plain page: static HTML, and the element's file as a host vendors it (one module, its chunks beside it).
  await writeFile(join(packed, "vendor.js"), 'export * from "react-mcp-elicitation/element";\n');
  await asRelease(() =>
    build({
      configFile: false,
      root: packed,
      // Where the page serves it: Vite's preloads of the chunks name their paths from it.
      base: "/plain/vendor/",
      logLevel: "error",
      build: {
        outDir: join(root, "plain", "vendor"),
        emptyOutDir: true,
        rollupOptions: { input: join(packed, "vendor.js"), preserveEntrySignatures: "strict", output: { entryFileNames: "element.js" } },
      },
    }),
  );
  await copyFile(join(import.meta.dirname, "plain", "index.html"), join(root, "plain", "index.html"));
  return {
    root,
    remove: async () => {
      await rm(root, { recursive: true, force: true });
      await rm(packed, { recursive: true, force: true });
    },
  };
}

export interface ElementHost {
  origin: string;
  /** Event streams the relay was asked for, per person. */
  streams: Map<string, number>;
  /** Starts the deploy tool as `toolCallId` in chat-1; resolves with what the tool got back from the person. */
  deploy(toolCallId: string): Promise<unknown>;
  /** The decisions the person remembered (with `remember`). */
  remembered(): Promise<ElicitationRememberedDecision[]>;
  close(): Promise<void>;
}

/** The host's server: pages from `root`, the relay at /api/elicitation (the person is the `user` cookie); `remember` as the relay's. */
export async function startElementHost(root: string, options: { remember?: ElicitationRelayOptions["remember"] } = {}): Promise<ElementHost> {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  const mcpUrl = await startDeployServer(cleanup);
  const relay = createElicitationRelay({
    identify: (request) => /(?:^|;\s*)user=([a-z]+)/.exec(request.headers.get("cookie") ?? "")?.[1] ?? null,
    ...(options.remember !== undefined ? { remember: options.remember } : {}),
  });
  // Each call's id, in the order the calls ask (a test starts the next once the previous one's card is up).
  const asking: string[] = [];
  const client = new Client({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
    relay.request({ owner: "alice", serverName: "Deployer", params: request.params, signal: extra.signal, context: { chatId: "chat-1", toolCallId: asking.shift() ?? "t1" } }),
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  const streams = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (path === "/api/elicitation") {
      const request = toFetchRequest(req);
      if (req.method === "GET") {
        const user = /(?:^|;\s*)user=([a-z]+)/.exec(req.headers.cookie ?? "")?.[1] ?? "";
        streams.set(user, (streams.get(user) ?? 0) + 1);
      }
      await sendFetchResponse(res, await relay.handle(request));
      return;
    }
    await sendFileFrom(root, path, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    streams,
    deploy: async (toolCallId) => {
      asking.push(toolCallId);
      const result = await relay.call("alice", "Deployer", (options) => client.callTool({ name: "deploy", arguments: {} }, undefined, options));
      const text = (result as { content: { text: string }[] }).content[0]!.text;
      return text.startsWith("error:") ? text : JSON.parse(text);
    },
    remembered: () => relay.remembered("alice"),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await relay.close();
      await client.close();
      for (const step of cleanup.reverse()) await step();
    },
  };
}
