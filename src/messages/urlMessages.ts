// The wording of URL mode's body: where the link goes, its warnings, the consent button. Part of the
// `messages` object like every other string; the English defaults load with URL mode's body (and the
// Public Suffix List), so a page that only ever shows forms does not download them.
import { withDefaultMessages } from "./withDefaultMessages";

export interface UrlMessages {
  /** Above the domain in URL mode. */
  urlDestination: string;
  /** Label of the whole host name, shown under the registrable domain. */
  urlHost: string;
  /** The consent button; `{domain}` is the registrable domain ("example.com" for "accounts.example.com"). */
  urlOpen: string;
  /** Tells the person nothing has been opened yet. */
  urlNotOpened: string;
  /** `{unicode}`: how the domain would be drawn in international characters. */
  urlWarningPunycode: string;
  urlWarningMixedScript: string;
  urlWarningNotHttps: string;
  /** `{domain}`: where a "user@host" link really goes. */
  urlWarningCredentials: string;
  /** The URL is not an http(s) address; no open button is offered. */
  urlNotOpenable: string;
}

export const defaultUrlMessages: UrlMessages = {
  urlDestination: "This link goes to",
  urlHost: "Full host name",
  urlOpen: "Open {domain}",
  urlNotOpened: "Nothing has been opened yet. The page opens in a new window only if you choose to open it.",
  urlWarningPunycode: "The address uses international characters and would be drawn as “{unicode}”. Make sure it is the site you expect.",
  urlWarningMixedScript: "The name mixes letters from different alphabets, a trick used to imitate well-known sites.",
  urlWarningNotHttps: "This link is not secure (http): anyone on the network could read or change the page.",
  urlWarningCredentials: "The part before “@” is not the site. This link goes to {domain}.",
  urlNotOpenable: "This link can't be opened here: only web addresses (https) are allowed.",
};

/** The host's URL wording where it gave one, the defaults elsewhere. */
export const withUrlMessages = <M extends Partial<UrlMessages>>(messages: M): M & UrlMessages => withDefaultMessages(messages, defaultUrlMessages);
