// The host page of the relay's browser tests, as the docs show it (fixture/: `useElicitationRelay`,
// session drafts, questions inline in chat views switched without a reload; a development build under StrictMode), built once per file and
// served beside the relay over real HTTP, with a person's pace for pressing.
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import type { Page } from "playwright-core";
import { build } from "vite";
import { sendFetchResponse } from "../../src/server/sendFetchResponse";
import { toFetchRequest } from "../../src/server/toFetchRequest";
import { sendFileFrom } from "../sendFileFrom";

/** The question every test asks: a region to pick, a note to type. */
export const deployQuestion = {
  message: "Where should the app be deployed?",
  requestedSchema: {
    type: "object",
    properties: {
      region: { type: "string", title: "Region", enum: ["eu-west", "us-east"] },
      note: { type: "string", title: "Note for the team" },
    },
    required: ["region"],
  },
};

/** The demo login: the `person` cookie names them. */
export const identifyByCookie = (request: Request) => /(?:^|;\s*)person=(\w+)/.exec(request.headers.get("cookie") ?? "")?.[1];

/** The fixture's pages, built into a folder of their own; `remove` deletes it. */
export async function buildRelayPage(): Promise<{ outDir: string; remove: () => Promise<void> }> {
  const outDir = await mkdtemp(join(tmpdir(), "rme-relay-page-"));
  const root = join(import.meta.dirname, "fixture");
  await build({
    configFile: false,
    root,
    logLevel: "error",
    plugins: [react()],
    // A development build of React, as in `vite dev`: StrictMode mounts effects twice.
    mode: "development",
    define: { "process.env.NODE_ENV": JSON.stringify("development") },
    build: { outDir, emptyOutDir: true, minify: false, modulePreload: { polyfill: false }, rollupOptions: { input: [join(root, "index.html"), join(root, "other.html")] } },
  });
  return { outDir, remove: () => rm(outDir, { recursive: true, force: true }) };
}

/** The built pages and, at /api/elicitation, `handle` (the relay), on 127.0.0.1 at a free port. */
export async function serveRelayPage(outDir: string, handle: (request: Request) => Promise<Response>): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (path === "/api/elicitation") return sendFetchResponse(res, await handle(toFetchRequest(req)));
    await sendFileFrom(outDir, path, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Presses the element as a person does: pointer there, down ~120 ms, up. */
export async function press(page: Page, name: string | RegExp, role: "button" | "radio" | "link" = "button") {
  const target = page.getByRole(role, { name });
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.up();
}

/** Taps the element as a person's finger does on a phone (a `hasTouch` context): touch down, ~100 ms, up. */
export async function tap(page: Page, name: string | RegExp, role: "button" | "radio" = "button") {
  const box = (await page.getByRole(role, { name }).boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await page.waitForTimeout(100);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** The card of the fixture's "Deploy server". */
export const deployCard = (page: Page) => page.getByRole("region", { name: /Deploy server/ });
