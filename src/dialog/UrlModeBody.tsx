import { useEffect, useMemo, useState } from "react";
import type { fillTemplate } from "../messages/fillTemplate";
import { loadedRegistrableDomain, loadRegistrableDomain } from "../core/url/registrableDomain";
import { inspectElicitationUrl, type ElicitationUrlWarning } from "../core/url/urlInspection";
import type { ElicitResult } from "../core/types";
import type { HostMessages } from "../messages/hostMessages";
import { withUrlMessages, type UrlMessages } from "../messages/urlMessages";

export interface UrlModeBodyProps {
  serverName: string;
  url: string;
  /** The URL body's own wording (`UrlMessages`) may be left out: its English defaults come with this chunk. */
  messages: HostMessages & Partial<UrlMessages> & { decline: string; cancel: string; close: string };
  /** Replaces the Public Suffix List lookup (tests, hosts with their own). */
  registrableDomainOf?: (hostname: string) => string;
  /** The server already reported the step complete (`notifications/elicitation/complete`). */
  completed?: boolean;
  respond: (result: ElicitResult) => void;
  /** The messages layer's fillTemplate, handed in: importing it here would split the first bundle for this chunk. */
  fill: typeof fillTemplate;
}

const WARNING_KEYS: Record<ElicitationUrlWarning, keyof UrlMessages> = {
  punycode: "urlWarningPunycode",
  "mixed-script": "urlWarningMixedScript",
  "not-https": "urlWarningNotHttps",
  credentials: "urlWarningCredentials",
};

/** The end of a long host, where its registrable domain is, while the lookup is not there yet. */
const hostTail = (host: string) => (host.length > 48 ? `…${host.slice(-47)}` : host);

/** The registrable domain of `host` once the Public Suffix List is loaded; undefined until then. */
function useRegistrableDomain(host: string, override?: (hostname: string) => string): string | undefined {
  const [lookup, setLookup] = useState(() => {
    const of = override ?? loadedRegistrableDomain();
    return of && { of };
  });
  useEffect(() => {
    if (lookup !== undefined || host === "") return;
    let live = true;
    loadRegistrableDomain().then(
      (of) => live && setLookup({ of }),
      // Offline or blocked: the end of the host is the best there is.
      () => live && setLookup({ of: hostTail }),
    );
    return () => {
      live = false;
    };
  }, [lookup, host]);
  return host === "" || lookup === undefined ? undefined : lookup.of(host);
}

/**
 * URL mode: the address in full with its registrable domain set apart, warnings about it, and consent.
 * The URL is drawn as text, never as a link or an <img>/<iframe>, so nothing is fetched before
 * the person chooses "Open".
 */
export function UrlModeBody({ serverName, url, messages: given, completed, respond, registrableDomainOf, fill }: UrlModeBodyProps) {
  const messages = useMemo(() => withUrlMessages(given), [given]);
  const target = useMemo(() => inspectElicitationUrl(url), [url]);
  // Who controls the page: first, big, and short, so a 2,300-character host cannot push it away.
  const site = useRegistrableDomain(target.domain, registrableDomainOf);

  const cancel = () => respond({ action: "cancel" });
  const open = () => {
    // noopener: the page cannot script the host; noreferrer: it does not learn the host's URL.
    window.open(target.url, "_blank", "noopener,noreferrer");
    respond({ action: "accept" });
  };

  return (
    <div className="rme-url" data-state={completed ? "done" : target.openable ? "ready" : "blocked"}>
      {/* The body scrolls; the actions after it stay in place. */}
      <div className="rme-url__body">
        {target.domain !== "" ? (
          <>
            <p className="rme-url__destination">
              <span className="rme-url__destination-label">{messages.urlDestination}</span>{" "}
              <strong className="rme-url__site" data-testid="rme-url-site" data-state={site === undefined ? "loading" : "ready"} dir="ltr" translate="no">
                {site ?? hostTail(target.domain)}
              </strong>
            </p>
            <p className="rme-url__host-row">
              <span className="rme-url__full-label">{messages.urlHost}</span>{" "}
              <span className="rme-url__domain" data-testid="rme-url-domain" dir="ltr" translate="no">
                {target.domain}
              </span>
            </p>
          </>
        ) : null}
        <p className="rme-url__full-row">
          <span className="rme-url__full-label">{messages.urlFull}</span>
          <code className="rme-url__full" translate="no">
            {target.url}
          </code>
        </p>
        {target.warnings.length > 0 || !target.openable ? (
          // The alert wraps the list: role="alert" on the <ul> itself would replace its list role.
          <div className="rme-url__alert" role="alert">
            <ul className="rme-url__warnings">
              {!target.openable ? <li className="rme-url__warning" data-warning="not-openable">{messages.urlNotOpenable}</li> : null}
              {target.warnings.map((warning) => (
                <li key={warning} className="rme-url__warning" data-warning={warning}>
                  {fill(messages[WARNING_KEYS[warning]], { unicode: target.unicodeDomain, domain: target.domain })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {completed ? (
          <p className="rme-url__done" role="status">
            {fill(messages.urlStepDone, { server: serverName })}
          </p>
        ) : target.openable ? (
          <p className="rme-url__note">{messages.urlNotOpened}</p>
        ) : null}
      </div>
      <div className="rme-actions">
        {completed ? (
          <button type="button" className="rme-button rme-button--primary" data-action="cancel" onClick={cancel}>
            {messages.close}
          </button>
        ) : (
          <>
            <button type="button" className="rme-button rme-button--quiet" data-action="cancel" onClick={cancel}>
              {messages.cancel}
            </button>
            <button type="button" className="rme-button rme-button--secondary" data-action="decline" onClick={() => respond({ action: "decline" })}>
              {messages.decline}
            </button>
            {target.openable ? (
              // Names the registrable domain, so it waits (a moment, once per page) for the lookup.
              <button type="button" className="rme-button rme-button--primary" data-action="accept" onClick={open} disabled={site === undefined}>
                {fill(messages.urlOpen, { domain: site ?? hostTail(target.domain) })}
              </button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
