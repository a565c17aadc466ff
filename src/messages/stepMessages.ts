// The wording of one question at a time (`layout="steps"`). Part of the `messages` object like every
// other string; the English defaults load with the steps themselves, so a host that never asks one
// question at a time does not download them.
import { withDefaultMessages } from "./withDefaultMessages";

export interface StepMessages {
  /** One question at a time (`layout="steps"`): where the person is, "2 of 6"; `{step}` and `{total}`. */
  stepProgress: string;
  /** Goes to the previous question. */
  stepBack: string;
  /** Checks this question's answer and goes to the next one. */
  stepNext: string;
  /** Heading of the last step, which lists every answer before Submit. */
  stepReview: string;
  /** Visible text of the button beside an answer under review that goes back to its question. */
  stepEdit: string;
  /** Accessible name of that button; `{field}` is the question's label. */
  stepEditField: string;
  /** An optional question left empty, under review. */
  stepNoAnswer: string;
  /** A yes/no question's answer, under review. */
  stepYes: string;
  stepNo: string;
}

export const defaultStepMessages: StepMessages = {
  stepProgress: "{step} of {total}",
  stepBack: "Back",
  stepNext: "Next",
  stepReview: "Check your answers",
  stepEdit: "Change",
  stepEditField: "Change {field}",
  stepNoAnswer: "Not answered",
  stepYes: "Yes",
  stepNo: "No",
};

/** The host's step wording where it gave one, the defaults elsewhere. */
export const withStepMessages = <M extends Partial<StepMessages>>(messages: M): M & StepMessages => withDefaultMessages(messages, defaultStepMessages);
