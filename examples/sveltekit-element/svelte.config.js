import adapter from "@sveltejs/adapter-node";
import { vitePreprocess } from "@sveltejs/vite-plugin-svelte";

/** @type {import('@sveltejs/kit').Config} */
export default {
  preprocess: vitePreprocess(),
  kit: {
    adapter: adapter(),
    // test/ is the repository's end-to-end test (its tsconfig.json checks it), not the app's.
    typescript: { config: (config) => ({ ...config, exclude: [...config.exclude, "../test/**"] }) },
  },
};
