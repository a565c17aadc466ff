// UI strings of the URL step's notices and the full address, of the queue's chrome (progress, time
// left, "stop asking") and of the attention signals (title badge, notifications, the chip). The wording of an answer on its way and
// of a request closed elsewhere is in deliveryMessages.ts, URL mode's body in urlMessages.ts.
// Part of the `messages` object: hosts replace any of them like the form's strings.

export interface HostMessages {
  /** "1 of 3" when more requests wait; `{position}` and `{total}`. */
  queuePosition: string;
  /** Time left before the request is answered cancel; `{time}` is m:ss. */
  timeLeft: string;
  /** Cancels this request and every waiting one from the same server; `{server}`. */
  stopAsking: string;
  /** Label of the full address. */
  urlFull: string;
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
  urlFull: "Full address",
  urlStepDone: "{server} reports this step is done.",
  urlStepWaiting: "Waiting for you to finish on {domain} ({server}).",
  urlStepDismiss: "Dismiss",
  attentionTitleBadge: "({count}) {title}",
  attentionQuestion: "Question from {server}",
  attentionNotificationBody: "Waiting for your answer.",
};

