// The stylesheet as text (Vite's `?inline`), adopted by the element.
declare module "*.css?inline" {
  const text: string;
  export default text;
}
