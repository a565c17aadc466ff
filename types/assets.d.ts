// Side-effect stylesheet imports in stories, the demo and tests (Vite handles them).
declare module "*.css";

// A file's text, as Vite's `?raw` suffix imports it (tests load real host stylesheets this way).
declare module "*?raw" {
  const text: string;
  export default text;
}
