import { lazy, Suspense } from "react";
import { FormNotice } from "../form/FormNotice";
import { fillTemplate } from "../messages/fillTemplate";
import type { UrlModeBodyProps } from "./UrlModeBody";

// Loaded only when a URL-mode request is shown: a host whose servers only ask for forms pays nothing
// up front. While it arrives (a moment, same origin) the header and message are drawn and Escape and
// × cancel. If it cannot load at all (offline, blocked), the address is drawn as plain text with no
// way to open it (its warnings could not be worked out), and Close answers cancel.
const Body = lazy(() =>
  import("./UrlModeBody").then(
    (module) => ({ default: module.UrlModeBody }),
    () => ({ default: Unavailable }),
  ),
);

function Unavailable({ url, messages, respond }: Omit<UrlModeBodyProps, "fill">) {
  const close = (
    <div className="rme-actions">
      <button type="button" className="rme-button rme-button--secondary" data-action="cancel" onClick={() => respond({ action: "cancel" })}>
        {messages.close}
      </button>
    </div>
  );
  return <FormNotice state="unavailable" text={`${messages.urlFull}: ${url}`} actions={close} />;
}

/** URL mode's body (UrlModeBody), loaded on demand. */
export function LazyUrlModeBody(props: Omit<UrlModeBodyProps, "fill">) {
  return (
    <Suspense fallback={null}>
      <Body {...props} fill={fillTemplate} />
    </Suspense>
  );
}
