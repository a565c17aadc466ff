// Vite's ?inline suffix: a stylesheet's text as a string.
declare module "*.css?inline" {
  const css: string;
  export default css;
}
