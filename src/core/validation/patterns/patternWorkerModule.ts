// The pattern worker as a file of the package, for pages whose policy allows same-origin workers
// but not `blob:` ones (`worker-src 'self'`, or `script-src 'self'` without `worker-src`). Hosts'
// bundlers see `new Worker(new URL("./patternWorkerModule.js", import.meta.url), { type: "module" })`
// in createPatternTester.ts and emit this file beside their own.
import { patternWorkerMain } from "./patternWorkerMain";

// In a worker the global object is the worker scope.
patternWorkerMain(globalThis as never);
