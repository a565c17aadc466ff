// A host's service worker written in TypeScript: the global scope itself is what the worker's half of Web Push takes.
/// <reference lib="webworker" />
import { listenForElicitationPush } from "react-mcp-elicitation/push";

declare const self: ServiceWorkerGlobalScope;
listenForElicitationPush(self, { relayUrl: "/api/elicitation" });
