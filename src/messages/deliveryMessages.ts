// The host messages of an answer on its way (a relay, `deliver`) and of a request closed elsewhere.
// Part of the `messages` object like every other string and translated in every catalogue, but in a
// file of their own: their English defaults load with the outlet and with the code that reads a
// refusal, so a page that draws a bare dialog does not download them.
/**
 * Where an answer handed to a receiver that may refuse it (a relay, `deliver`) is, and why a request
 * closed elsewhere. Part of the host messages like the rest (translated in every catalogue), but
 * optional: their English defaults come with the outlet and the code that reads a refusal, so a page
 * drawing a bare dialog does not carry them.
 */
export interface DeliveryMessages {
  /** While the answer is on its way to a receiver that may refuse it (a relay); the buttons wait. */
  answerSending: string;
  /** Sending failed (network, server restarting) and is tried again; what was typed stays. */
  answerRetrying: string;
  /** The receiver refused the answer without naming a field; the card stays open for another answer. */
  answerRefused: string;
  /** The host's own delivery failed; the card stays open and Submit tries again. */
  answerNotSent: string;
  /** Said for a moment before a card closes: another window of the same person answered it. */
  closedAnswered: string;
  /** Said for a moment before a card closes: its server (or the host) withdrew it. */
  closedWithdrawn: string;
  /** Said for a moment before a card closes: its time ran out (the server was answered cancel). */
  closedTimeout: string;
  /** Said for a moment before a card closes: it is no longer open (the relay shut down, or it went while this window was away). */
  closedClosed: string;
}

export const defaultDeliveryMessages: DeliveryMessages = {
  answerSending: "Sending…",
  answerRetrying: "Could not send your answer. Retrying…",
  answerRefused: "Your answer was not accepted. Check it and try again.",
  answerNotSent: "Your answer could not be sent. Try again.",
  closedAnswered: "Answered in another window",
  closedWithdrawn: "The server withdrew this question",
  closedTimeout: "This question timed out",
  closedClosed: "This question is no longer open",
};
