// The host's `fileInputs` opt-in, recognised apart from the parser, so a queue checks its options
// when it is made without holding the parser (the element's queue loads it with the first request).
import type { FileInputsSupport } from "./parseElicitationSchema";

/** The opt-in values made by createFileInputs; only these turn file inputs on. */
const madeFileInputs = new WeakSet<object>();

/** Records a value createFileInputs made as the opt-in. */
export function registerFileInputs(made: FileInputsSupport): void {
  madeFileInputs.add(made);
}

/**
 * The reading of file properties the host's opt-in brings. Anything but that value (or false) is a
 * mistake in the host's code, not in the server's request: it throws, where a request never does.
 */
export function fileParserOf(fileInputs: unknown): FileInputsSupport["parseFile"] | undefined {
  if (fileInputs === undefined || fileInputs === false) return undefined;
  // Known by identity, never by shape: an object that merely has a `parseFile` is not the opt-in.
  if (typeof fileInputs === "object" && fileInputs !== null && madeFileInputs.has(fileInputs)) return (fileInputs as FileInputsSupport).parseFile;
  throw new TypeError('fileInputs takes the `fileInputs` value of "react-mcp-elicitation/core"');
}
