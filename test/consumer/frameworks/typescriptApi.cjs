// svelte-check and vue-tsc drive TypeScript through its JavaScript API, which TypeScript 7 (the
// project's compiler, a native binary) no longer has. Preloaded (`node -r`), this points their
// `require("typescript")` at the TypeScript 5 that @arethetypeswrong/core brings with it.
const Module = require("node:module");
const { dirname } = require("node:path");

const fromAttw = Module.createRequire(require.resolve("@arethetypeswrong/cli/package.json"));
const fromCore = Module.createRequire(fromAttw.resolve("@arethetypeswrong/core/package.json"));
const typescript = dirname(fromCore.resolve("typescript/package.json"));
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "typescript" || request.startsWith("typescript/")) request = typescript + request.slice("typescript".length);
  return resolve.call(this, request, ...rest);
};
