import { ElicitationAnswerRefused } from "../queue/ElicitationAnswerRefused";

/**
 * A refusal that is not about the answer: it never reached its receiver (a relay refusing this page's
 * origin). The card stays with what was typed, is not tried again by itself, and says the answer was
 * not sent rather than asking the person to check it.
 */
export class AnswerNotSent extends ElicitationAnswerRefused {
  /** Read by the form (by value, not class: see showAnswerRefusal). */
  readonly sent = false;
}
