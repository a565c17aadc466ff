/** The checking code's module (loadValidation.ts), as the form's parts loaded on demand take it. */
export type FormChecks = typeof import("./loadValidation");

// The module once it has loaded. import() would hand back the same module, but each call goes
// through the bundler's chunk loader again (Vite's looks up the document and resolves a URL per
// chunk), and every form calls it as it mounts.
let loaded: FormChecks | undefined;

/**
 * The checking code (loadValidation.ts), fetched on first use and kept: every form loads it as it
 * mounts, and the parts a form loads on demand (the file input, a refused answer's errors) take
 * their helpers from it rather than import them, so that bundlers keep those helpers in its chunk
 * instead of in small chunks of their own.
 */
export function loadFormChecks(): Promise<FormChecks> {
  return loaded !== undefined ? Promise.resolve(loaded) : import("./loadValidation").then((module) => (loaded = module));
}
