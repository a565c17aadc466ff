// The app's service worker (bundled by Vite, served at /sw.js so it covers every page): a question
// pushed while no window of the person's is open shows as a notification; pressing it opens the chat.
// Given the relay's route, a yes/no question is answered from the notification's own buttons.
import { listenForElicitationPush } from "react-mcp-elicitation/push";
listenForElicitationPush(self, { relayUrl: "/api/elicitation" });
