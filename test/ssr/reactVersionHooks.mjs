// Module hooks for a Node process that renders with React 18.3 while React 19 is the project's
// React: every import or require of react / react-dom (the library's, react-hook-form's,
// react-dom's own) goes to the react-18 / react-dom-18 aliases instead.
import Module, * as nodeModule from "node:module";

const to18 = /^(react|react-dom)(\/.*)?$/;
const aliased = (specifier) => {
  const match = to18.exec(specifier);
  return match ? `${match[1]}-18${match[2] ?? ""}` : specifier;
};

if (typeof nodeModule.registerHooks === "function") {
  // Node 22.15+: one synchronous hook covers import and require.
  nodeModule.registerHooks({ resolve: (specifier, context, nextResolve) => nextResolve(aliased(specifier), context) });
} else {
  // Node 20: an asynchronous hook for import, and require's resolver for require.
  const hook = `const to18 = ${to18};
export async function resolve(specifier, context, nextResolve) {
  const match = to18.exec(specifier);
  return nextResolve(match ? match[1] + "-18" + (match[2] ?? "") : specifier, context);
}`;
  nodeModule.register(`data:text/javascript,${encodeURIComponent(hook)}`);
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    return resolveFilename.call(this, aliased(request), ...rest);
  };
}
