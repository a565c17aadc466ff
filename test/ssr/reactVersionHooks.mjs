// Module hooks for a Node process that renders with React 18.3 while React 19 is the project's
// React: every import or require of react / react-dom (the library's, react-hook-form's,
// react-dom's own) goes to the react-18 / react-dom-18 aliases instead.
import { registerHooks } from "node:module";

const to18 = /^(react|react-dom)(\/.*)?$/;
registerHooks({
  resolve(specifier, context, nextResolve) {
    const match = to18.exec(specifier);
    return nextResolve(match ? `${match[1]}-18${match[2] ?? ""}` : specifier, context);
  },
});
