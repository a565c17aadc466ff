// The static part of every e2e page server: a built page's files, read from its output folder.
import { readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { extname, join, normalize } from "node:path";

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

/** Answers with the file at `path` (a URL's pathname; "…/" is its index.html) in `folder`, or 404. Nothing outside `folder` is reachable. */
export async function sendFileFrom(folder: string, path: string, res: ServerResponse): Promise<void> {
  const file = normalize(path.endsWith("/") ? `${path}index.html` : path).replace(/^(\.\.[/\\])+/, "");
  try {
    const body = await readFile(join(folder, file));
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
  } catch {
    res.writeHead(404).end();
  }
}
