// Side-effect stylesheet imports in stories, the demo and tests (Vite handles them).
declare module "*.css";
