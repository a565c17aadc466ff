// Whether the worker module files sit beside this code. They do in the published package and in every
// build a bundler makes of it; not in Vite's dev server up to Vite 7, which pre-bundles a dependency into
// node_modules/.vite/deps/, where `new URL("./patternWorkerModule.js", import.meta.url)` names a file that
// is not there: the request 404s and Vite prints "The file does not exist at …" for every form. There
// the module worker is not tried; the blob: worker runs the same code (and RE2 runs in place).
const VITE_PREBUNDLED = /\/node_modules\/\.vite\/deps(?:_temp_[\w]+)?\//;

/** False when `moduleUrl` (this module's `import.meta.url`) is a copy Vite's dev server pre-bundled. */
export function besideWorkerFiles(moduleUrl: string): boolean {
  return !VITE_PREBUNDLED.test(moduleUrl);
}
