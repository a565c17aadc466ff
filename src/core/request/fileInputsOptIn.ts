// The host's `fileInputs` opt-in, recognised apart from the parser, so a queue checks its options
// when it is made without holding the parser (the element's queue loads it with the first request).

/** The opt-in values made by createFileInputs; only these turn file inputs on. */
export const madeFileInputs = new WeakSet<object>();

/**
 * The opt-in value, or undefined for none (undefined, false). Anything else is a mistake in the host's
 * code, not in the server's request: it throws, where a request never does.
 */
export function checkFileInputs(fileInputs: unknown): object | undefined {
  if (fileInputs === undefined || fileInputs === false) return undefined;
  // Known by identity, never by shape: an object that merely has a `parseFile` is not the opt-in.
  if (typeof fileInputs === "object" && fileInputs !== null && madeFileInputs.has(fileInputs)) return fileInputs;
  throw new TypeError('fileInputs takes the `fileInputs` value of "react-mcp-elicitation/core"');
}
