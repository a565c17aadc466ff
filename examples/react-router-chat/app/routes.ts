import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("chat/:id", "routes/chat.tsx"),
  route("api/chat", "routes/api.chat.ts"),
  route("api/chat/:id/stream", "routes/api.chat.stream.ts"),
  route("api/chat/:id/stop", "routes/api.chat.stop.ts"),
  route("api/elicitation", "routes/api.elicitation.ts"),
] satisfies RouteConfig;
