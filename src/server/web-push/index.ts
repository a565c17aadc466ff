// "react-mcp-elicitation/server/web-push": notices sent to the person's devices (web-push, an optional peer dependency).
export { createElicitationPush, type ElicitationPush, type ElicitationPushOptions } from "./createElicitationPush";
