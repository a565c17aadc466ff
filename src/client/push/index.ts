// "react-mcp-elicitation/push": Web Push in the browser — the page subscribes (and unsubscribes at sign-out), the host's service worker shows the notice.
export { subscribeToElicitationPush, type SubscribeToElicitationPushOptions } from "./subscribeToElicitationPush";
export { unsubscribeFromElicitationPush, type UnsubscribeFromElicitationPushOptions } from "./unsubscribeFromElicitationPush";
export { listenForElicitationPush, type ElicitationPushWorkerOptions, type ElicitationPushWorkerScope } from "./listenForElicitationPush";
