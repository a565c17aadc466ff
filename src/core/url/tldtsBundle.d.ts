// tldts' own minified ES module: its Public Suffix List is packed far smaller (46 KB gzipped) than
// in the per-module build its package entry points to (110 KB), and the API is the same.
declare module "tldts/dist/index.esm.min.js" {
  export { getDomain } from "tldts";
}
