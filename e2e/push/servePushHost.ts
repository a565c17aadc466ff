// A host's origin for the push tests, on 127.0.0.1 at a free port: the library's push module bundled from the
// source at /rme-push.js (the page and the service worker import it), the host's own files, and its push route.
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { build } from "esbuild";
import { sendFetchResponse } from "../../src/server/sendFetchResponse";
import { toFetchRequest } from "../../src/server/toFetchRequest";

/** Serves `files` (path → [content type, text]) and /rme-push.js; `pushRoute`, when given, at /api/push. */
export async function servePushHost(files: Record<string, [string, string]>, pushRoute?: (request: Request) => Promise<Response>): Promise<{ origin: string; close: () => Promise<void> }> {
  const bundled = await build({ entryPoints: [join(import.meta.dirname, "../../src/client/push/index.ts")], bundle: true, format: "esm", write: false, logLevel: "error" });
  const served: Record<string, [string, string]> = { ...files, "/rme-push.js": ["text/javascript", bundled.outputFiles[0]!.text] };
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (path === "/api/push" && pushRoute !== undefined) return sendFetchResponse(res, await pushRoute(toFetchRequest(req)));
    const file = served[path];
    if (file === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
