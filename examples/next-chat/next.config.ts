import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The repository around this folder has its own lockfile; this app is its own root.
  turbopack: { root: import.meta.dirname },
  outputFileTracingRoot: import.meta.dirname,
};

export default nextConfig;
