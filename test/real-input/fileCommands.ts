import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserCommand } from "vitest/node";

// Files for browser tests, the way a person gives them: chosen through the file input (Playwright's
// setInputFiles, as the browser's own picker does) or dropped on the field. Commands run in Node,
// which is also where the MCP SDK's server validators give their verdict on what was sent.

export interface TestFile {
  name: string;
  mimeType: string;
  /** Bytes, each `fill` (a letter by default). */
  size: number;
  fill?: number;
}

interface Frame {
  setInputFiles(selector: string, files: string[]): Promise<void>;
  evaluateHandle<T, A>(fn: (arg: A) => T, arg: A): Promise<unknown>;
  dispatchEvent(selector: string, type: string, init?: object): Promise<void>;
}
const frameOf = async (context: unknown) => (context as { frame(): Promise<Frame> }).frame();

/**
 * Chooses `files` through the file input matched by `selector` (hidden or not), as the picker
 * would: written to disk first and handed over by path, so the browser opens them itself (a
 * buffer would be rebuilt by script inside the page, which is not how a person's file arrives).
 * The type is the one the browser infers from the name's extension.
 */
export const chooseFiles: BrowserCommand<[selector: string, files: TestFile[]]> = async (context, selector, files) => {
  const frame = await frameOf(context);
  const dir = await mkdtemp(join(tmpdir(), "rme-files-"));
  const paths = await Promise.all(
    files.map(async ({ name, size, fill = 0x41 }) => {
      const path = join(dir, name);
      await writeFile(path, Buffer.alloc(size, fill));
      return path;
    }),
  );
  await frame.setInputFiles(selector, paths);
};

/** Drags `file` over the element matched by `selector` and drops it there (dragenter, dragover, drop). */
export const dropFile: BrowserCommand<[selector: string, file: TestFile]> = async (context, selector, file) => {
  const frame = await frameOf(context);
  const dataTransfer = await frame.evaluateHandle(({ name, mimeType, size, fill = 0x41 }: TestFile) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(size).fill(fill)], name, { type: mimeType }));
    return transfer;
  }, file);
  for (const type of ["dragenter", "dragover", "drop"]) await frame.dispatchEvent(selector, type, { dataTransfer });
};

/** The verdicts of the MCP SDK's server validators (Ajv, CfWorker) on `content` under `schema`. */
export const sdkVerdicts: BrowserCommand<[schema: object, content: object]> = async (_context, schema, content) =>
  [new AjvJsonSchemaValidator(), new CfWorkerJsonSchemaValidator()].map((validator) => validator.getValidator(schema as never)(content).valid);

export const fileCommands = { chooseFiles, dropFile, sdkVerdicts };

declare module "vitest/browser" {
  interface BrowserCommands {
    chooseFiles: (selector: string, files: TestFile[]) => Promise<void>;
    dropFile: (selector: string, file: TestFile) => Promise<void>;
    sdkVerdicts: (schema: object, content: object) => Promise<boolean[]>;
  }
}
