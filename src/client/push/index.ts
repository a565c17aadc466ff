// "react-mcp-elicitation/push": Web Push in the browser — the page subscribes, the host's service worker shows the notice.
export { subscribeToElicitationPush, type SubscribeToElicitationPushOptions } from "./subscribeToElicitationPush";
export { listenForElicitationPush, type ElicitationPushWorkerOptions, type ElicitationPushWorkerScope } from "./listenForElicitationPush";
