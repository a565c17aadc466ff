// "Notify me on this device": Web Push for this browser, so a question reaches the person when no page
// of theirs is open. The browser asks for the permission on this press only, never on load; the
// VAPID key comes from the same route that keeps the subscription.
import { useState } from "react";
import { subscribeToElicitationPush } from "react-mcp-elicitation/push";

type State = { kind: "off" | "on" | "refused" } | { kind: "failed"; error: string };

export function NotifyMe() {
  const [state, setState] = useState<State>({ kind: "off" });
  const turnOn = async () => {
    try {
      const allowed = await subscribeToElicitationPush({ registration: await navigator.serviceWorker.ready, url: "/api/push" });
      setState({ kind: allowed ? "on" : "refused" });
    } catch (error) {
      setState({ kind: "failed", error: error instanceof Error ? error.message : String(error) });
    }
  };
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  return (
    <div className="notify-me">
      {state.kind === "off" || state.kind === "failed" ? (
        <button type="button" onClick={() => void turnOn()}>
          Notify me on this device
        </button>
      ) : null}
      <span role="status">
        {state.kind === "on" ? "This device gets a notification when a question waits for you." : null}
        {state.kind === "refused" ? "Notifications are blocked for this site in your browser's settings." : null}
        {state.kind === "failed" ? ` Could not turn notifications on: ${state.error}` : null}
      </span>
    </div>
  );
}
