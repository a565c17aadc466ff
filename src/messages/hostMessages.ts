// UI strings of URL mode, of the queue's chrome (progress, time left, "stop asking") and of the
// attention signals (title badge, notifications, the chip). The wording of an answer on its way and
// of a request closed elsewhere is in deliveryMessages.ts.
// Part of the `messages` object: hosts replace any of them like the form's strings.

export interface HostMessages {
  /** "1 of 3" when more requests wait; `{position}` and `{total}`. */
  queuePosition: string;
  /** Time left before the request is answered cancel; `{time}` is m:ss. */
  timeLeft: string;
  /** Cancels this request and every waiting one from the same server; `{server}`. */
  stopAsking: string;
  /** Above the domain in URL mode. */
  urlDestination: string;
  /** Label of the full address. */
  urlFull: string;
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
  /** The server reported the URL step complete; `{server}`. */
  urlStepDone: string;
  /** After opening, while the server has not reported completion; `{domain}`, `{server}`. */
  urlStepWaiting: string;
  /** Dismisses a finished URL step notice. */
  urlStepDismiss: string;
  /** The page's title while requests wait unseen (`ElicitationAttention`); `{count}` waiting, `{title}` the host's own title. */
  attentionTitleBadge: string;
  /**
   * A system notification's title, and the chip at the edge of a thread whose card is scrolled away
   * (followed by ↓ or ↑); `{server}` is the host's name for the server, never text from the request.
   */
  attentionQuestion: string;
  /** A system notification's body: nothing from the request, so nothing a server wrote reaches the system's UI. */
  attentionNotificationBody: string;
}

export const defaultHostMessages: HostMessages = {
  queuePosition: "{position} of {total}",
  timeLeft: "Time left: {time}",
  stopAsking: "Stop asking",
  urlDestination: "This link goes to",
  urlFull: "Full address",
  urlHost: "Full host name",
  urlOpen: "Open {domain}",
  urlNotOpened: "Nothing has been opened yet. The page opens in a new window only if you choose to open it.",
  urlWarningPunycode: "The address uses international characters and would be drawn as “{unicode}”. Make sure it is the site you expect.",
  urlWarningMixedScript: "The name mixes letters from different alphabets, a trick used to imitate well-known sites.",
  urlWarningNotHttps: "This link is not secure (http): anyone on the network could read or change the page.",
  urlWarningCredentials: "The part before “@” is not the site. This link goes to {domain}.",
  urlNotOpenable: "This link can't be opened here: only web addresses (https) are allowed.",
  urlStepDone: "{server} reports this step is done.",
  urlStepWaiting: "Waiting for you to finish on {domain} ({server}).",
  urlStepDismiss: "Dismiss",
  attentionTitleBadge: "({count}) {title}",
  attentionQuestion: "Question from {server}",
  attentionNotificationBody: "Waiting for your answer.",
};

