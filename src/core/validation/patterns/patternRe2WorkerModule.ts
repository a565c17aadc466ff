// The RE2 worker as a file of the package, started (createRe2Checker.ts) for a pattern that outran
// the native worker's deadline, so that RE2 — its code and its runs — stays off the page's main
// thread. Hosts' bundlers see
// `new Worker(new URL("./patternRe2WorkerModule.js", import.meta.url), { type: "module" })` and emit
// this file, RE2 inside, beside their own; a page that never needs RE2 never fetches it.
import { patternRe2WorkerMain } from "./patternRe2WorkerMain";

// In a worker the global object is the worker scope.
patternRe2WorkerMain(globalThis as never);
