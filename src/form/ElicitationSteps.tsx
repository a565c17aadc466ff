import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import type { ElicitContent, FieldDescriptor } from "../core/types";
import type { fillTemplate } from "../messages/fillTemplate";
import { withStepMessages } from "../messages/stepMessages";
import { describeAnswer } from "./describeAnswer";
import type { FormChecks } from "../core/loading/loadFormChecks";
import type { KnownDataUris } from "../core/values/dataUri";
import type { UseElicitationFormResult } from "./useElicitationForm";
import type { guardActivation } from "../ui/guardActivation";
import type { TextDirection } from "../ui/TextDirection";
import type { useClientLayoutEffect } from "../ui/useClientLayoutEffect";

// This module loads on demand. It imports nothing the first paint already has (React aside): what it
// shares with the form and the dialog (the field components, the form's alert, fillTemplate, the
// dialog's activation guard and interval, the client layout effect) comes in through props, so bundlers do not split the
// up-front code into extra chunks for it.

export interface ElicitationStepsProps {
  /** The form's `useElicitationForm` result: values, defaults, drafts and checks are the form's own. */
  controller: UseElicitationFormResult;
  /** Called with validated protocol content when the person submits from the review step. */
  onSubmit: (content: ElicitContent) => void;
  /** Draws one question: an ElicitationField on the controller's form, with the host's components. */
  renderField: (field: FieldDescriptor) => ReactNode;
  /** Drawn under the question on every step: the form-wide alert (its checking code could not load). */
  alert?: ReactNode;
  /** Drawn before Back and Next on every step (a dialog's Cancel and Decline). */
  secondaryActions?: ReactNode;
  /** Drawn above the question on every step, e.g. that a draft was restored. */
  header?: ReactNode;
  /** Drawn above the actions on the review step, where Submit is (a dialog's remember choices). */
  beforeSubmit?: ReactNode;
  /**
   * Milliseconds after a step appears during which its presses, clicks and Enter are ignored (what is
   * typed counts): the second click of a double-click on Next never lands on the next step's Next or
   * on Submit, a second Enter never skips a question; 0 turns it off.
   */
  protectionInterval: number;
  /** The dialog's guard (ui/guardActivation.ts), armed on each step; handed in like fillTemplate (see above). */
  guardActivation: typeof guardActivation;
  /** ui/useClientLayoutEffect.ts, which arms the guard; handed in like fillTemplate (see above). */
  useClientLayoutEffect: typeof useClientLayoutEffect;
  /** The messages layer's fillTemplate, handed in like the field components (see above). */
  fill: typeof fillTemplate;
  /** The form's checking code (loadFormChecks.ts): the review describes a chosen file with it. */
  checks: FormChecks;
  /** The form's record of the data: URIs its file fields built (knownFiles.ts): the review reads no file again. */
  files?: KnownDataUris;
  locale?: string;
  dir?: TextDirection;
  id?: string;
  className?: string;
}

/** The form-state name of a field (core's `fieldName`): `f0`, `f1`, … */
const nameOf = (field: FieldDescriptor) => `f${field.index}`;

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * One question at a time: a step per field with "2 of 6", Back and Next (Enter in a field is Next;
 * Next checks that field and stays while it is wrong), then a last step listing every answer with
 * a way back to each, and Submit. A failed Submit returns to the first question it found wrong.
 */
export function ElicitationSteps({ controller, onSubmit, fill, protectionInterval, guardActivation, useClientLayoutEffect, ...props }: ElicitationStepsProps) {
  const { fields, form } = controller;
  const messages = useMemo(() => withStepMessages(controller.messages), [controller.messages]);
  const review = fields.length;
  const [step, setStep] = useState(0);
  // Focus follows the step only when the person moved it (never on first appearance).
  const moved = useRef(false);
  // Reached from the review (Change, or a failed Submit): Next goes back to the review.
  const [fromReview, setFromReview] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A file under review is shown by its size, worded in the language around the form as its field words it.
  const [lang, setLang] = useState<string>();
  const hasFile = fields.some((field) => field.kind === "file");
  useEffect(() => {
    if (hasFile) setLang(formRef.current?.closest("[lang]")?.getAttribute("lang") ?? undefined);
  }, [hasFile, props.locale]);

  // Each step is a newly shown surface: input aimed at the one before it is ignored. Armed as the
  // step is put in the page, before a busy page gets to any input made meanwhile.
  useClientLayoutEffect(() => {
    const form = formRef.current;
    if (form === null || protectionInterval <= 0) return;
    return guardActivation(form, protectionInterval, { keys: ["Enter"] });
  }, [step, protectionInterval, guardActivation]);

  useEffect(() => {
    if (!moved.current) return;
    const root = stepRef.current;
    if (!root) return;
    const target =
      step === review
        ? root.querySelector<HTMLElement>("[data-step-heading]")
        : (root.querySelector<HTMLElement>('input:checked:not([type="hidden"])') ?? root.querySelector<HTMLElement>(FOCUSABLE));
    target?.focus();
  }, [step, review]);

  const go = (next: number) => {
    moved.current = true;
    setStep(Math.max(0, Math.min(review, next)));
  };

  // A refusal of the receiver (a relay's field errors) comes after Submit, on the review: back to
  // the first question it names, as for a failed Submit. On the review nothing else marks a question.
  const onReview = useRef(false);
  onReview.current = step === review;
  useEffect(
    () =>
      form.subscribe({
        formState: { errors: true },
        callback: () => {
          if (!onReview.current) return;
          const wrong = fields.findIndex((each) => form.getFieldState(nameOf(each)).error !== undefined);
          if (wrong === -1) return;
          setFromReview(true);
          moved.current = true;
          setStep(wrong);
        },
      }),
    [form, fields],
  );

  const next = async () => {
    const field = fields[step];
    if (!field) return;
    const name = nameOf(field);
    // The check of this one question; a wrong answer keeps the step, marked invalid, focus on it.
    const ok = await form.trigger(name);
    if (ok) go(fromReview ? review : step + 1);
    else stepRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  };

  const submit = async (event: FormEvent) => {
    await controller.handleAccept(onSubmit)(event);
    // Still here and a question is wrong: go back to the first such question.
    const wrong = fields.findIndex((field) => form.getFieldState(nameOf(field)).error !== undefined);
    if (wrong !== -1) {
      setFromReview(true);
      go(wrong);
    }
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step < review) void next();
    else void submit(event);
  };

  // Enter in a question is Next, for every kind of input (a checkbox or radio included); a held Enter does not run through the steps.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    if (target.tagName === "TEXTAREA" || target.tagName === "BUTTON") return;
    event.preventDefault();
    if (event.repeat) return;
    void next();
  };

  const onBack = () => {
    setFromReview(false);
    go(step - 1);
  };

  const field = fields[step];
  const values = step === review ? form.getValues() : undefined;
  const total = String(fields.length);

  return (
    <form
      ref={formRef}
      id={props.id}
      className={["rme-form", "rme-form--steps", props.className].filter(Boolean).join(" ")}
      lang={props.locale}
      dir={props.dir}
      data-layout="steps"
      data-step={step === review ? "review" : String(step + 1)}
      noValidate
      onSubmit={onFormSubmit}
    >
      <div className="rme-form__body">
        {props.header}
        <p className="rme-steps__progress" data-testid="rme-step-progress" aria-live="polite">
          {step === review ? null : fill(messages.stepProgress, { step: String(step + 1), total })}
        </p>
        <div ref={stepRef} className="rme-steps__step" key={step} onKeyDown={field ? onKeyDown : undefined}>
          {field ? (
            <div className="rme-form__fields">
              {props.renderField(field)}
            </div>
          ) : (
            <>
              <h3 className="rme-steps__heading" tabIndex={-1} data-step-heading="">
                {messages.stepReview}
              </h3>
              <dl className="rme-steps__review">
                {fields.map((each, index) => (
                  <div className="rme-steps__answer" key={each.index} data-field={each.key}>
                    <dt className="rme-steps__question">{each.label}</dt>
                    <dd className="rme-steps__value">{describeAnswer(props.checks, each, values?.[nameOf(each)], messages, lang, props.files)}</dd>
                    <dd className="rme-steps__edit">
                      <button
                        type="button"
                        className="rme-button rme-button--quiet"
                        data-action="edit-step"
                        aria-label={fill(messages.stepEditField, { field: each.label })}
                        onClick={() => {
                          setFromReview(true);
                          go(index);
                        }}
                      >
                        {messages.stepEdit}
                      </button>
                    </dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </div>
        {/* Beside the question it concerns from the moment it is drawn, and again on the review. */}
        {step < review && fields[step] && controller.leftToServer.includes(fields[step]!.key) ? (
          <p className="rme-form__note" role="note" data-state="left-to-server">
            {fill(messages.patternLeftToServer, { fields: `“${fields[step]!.label}”` })}
          </p>
        ) : null}
        {controller.leftToServer.length > 0 && step === review ? (
          <p className="rme-form__note" role="note" data-state="left-to-server">
            {fill(messages.patternLeftToServer, {
              fields: fields.filter((each) => controller.leftToServer.includes(each.key)).map((each) => `“${each.label}”`).join(", "),
            })}
          </p>
        ) : null}
        {props.alert}
      </div>
      {step === review ? props.beforeSubmit : null}
      <div className="rme-actions rme-steps__actions">
        {props.secondaryActions}
        {step > 0 ? (
          <button type="button" className="rme-button rme-button--secondary" data-action="back" onClick={onBack}>
            {messages.stepBack}
          </button>
        ) : null}
        {step < review ? (
          <button key="next" type="submit" className="rme-button rme-button--primary" data-action="next">
            {messages.stepNext}
          </button>
        ) : (
          <button key="accept" type="submit" className="rme-button rme-button--primary" data-action="accept">
            {messages.submit}
          </button>
        )}
      </div>
    </form>
  );
}
