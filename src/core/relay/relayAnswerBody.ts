import type { ElicitationRememberScope, ElicitResult } from "../types";
import { readFilesOf } from "../values/readFiles";

/** Characters written per task: one piece of a file as read (192 KB of it, base64), give or take. */
const STEP = 256 * 1024;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The body of the relay's `POST`, `{ id, result }` as JSON. An answer carrying a file the form read
 * is written into a Blob piece by piece, a task at a time, so no task copies the file's millions of
 * characters: JSON.stringify of a 10 MB file's answer, then fetch's copy of that text, held a loaded
 * machine's main thread for 0.8–1.3 s and 3.5–5.9 s. Any other answer is JSON.stringify's text.
 */
export async function relayAnswerBody(id: string, result: ElicitResult, remember?: ElicitationRememberScope): Promise<string | Blob> {
  const content = result.action === "accept" ? result.content : undefined;
  const files = readFilesOf(content);
  // A form with a file is never offered remembering: `remember` goes with the plain text only.
  if (files.length === 0 || typeof Blob === "undefined") return JSON.stringify(remember === undefined ? { id, result } : { id, result, remember });
  // Each file stands as a mark no answer can hold (a fresh nonce between NUL characters) while the
  // rest is written by JSON.stringify; the marks are then replaced by the files, piece by piece.
  const nonce = Math.random().toString(36).slice(2);
  const marks = new Map(files.map(([key, file], index) => [key, { mark: `\u0000${nonce}:${index}\u0000`, file }]));
  const stand = Object.fromEntries(Object.entries(content!).map(([key, value]) => [key, marks.get(key)?.mark ?? value]));
  let text = JSON.stringify({ id, result: { ...result, content: stand } });
  const parts: string[] = [];
  for (const { mark, file } of marks.values()) {
    const quoted = JSON.stringify(mark);
    const at = text.indexOf(quoted);
    // JSON-escaped as any string; the body's pieces are base64, which JSON writes as it is.
    parts.push(text.slice(0, at + 1), JSON.stringify(file.header).slice(1, -1), ...file.pieces);
    text = text.slice(at + quoted.length - 1);
  }
  parts.push(text);
  let body = new Blob([]);
  let pending: string[] = [];
  let size = 0;
  for (const [index, part] of parts.entries()) {
    pending.push(part);
    size += part.length;
    if (size < STEP && index < parts.length - 1) continue;
    // A Blob made of a Blob holds it by reference: each task encodes only what it adds.
    body = new Blob([body, ...pending]);
    pending = [];
    size = 0;
    await nextTask();
  }
  return body;
}
