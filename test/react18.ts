// React 18.3 in place of 19 for a second run of the browser and server-rendering tests: the npm
// aliases "react-18" / "react-dom-18" installed side by side, swapped in by Vite's resolve.alias
// (every import of react, react-dom and their subpaths, including those inside dependencies).
export const react18Aliases = [
  { find: /^react$/, replacement: "react-18" },
  { find: /^react\/(.*)$/, replacement: "react-18/$1" },
  { find: /^react-dom$/, replacement: "react-dom-18" },
  { find: /^react-dom\/(.*)$/, replacement: "react-dom-18/$1" },
];
