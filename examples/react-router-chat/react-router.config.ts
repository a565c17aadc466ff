import type { Config } from "@react-router/dev/config";

// Server-rendered (the routes' loaders and actions run on the server, behind server.ts), on React
// Router 7's behaviour (each v8 flag named, so the build does not warn about it).
export default {
  ssr: true,
  future: { v8_middleware: false, v8_passThroughRequests: false, v8_splitRouteModules: false, v8_trailingSlashAwareDataRequests: false, v8_viteEnvironmentApi: false },
} satisfies Config;
