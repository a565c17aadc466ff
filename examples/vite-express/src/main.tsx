import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "react-mcp-elicitation/styles.css";
import workerUrl from "../sw.js?worker&url";
import { App } from "./App";
import "./app.css";

// The service worker shows pushed questions; registering it asks nothing of the person.
if ("serviceWorker" in navigator) void navigator.serviceWorker.register(workerUrl, { type: "module" });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
