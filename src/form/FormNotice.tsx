import type { ReactNode } from "react";
import type { TextDirection } from "../ui/TextDirection";

export interface FormNoticeProps {
  /** Why there is no form to fill in; announced as an alert. */
  text: string;
  /** `data-state` hook, e.g. "invalid" (the request cannot be drawn). */
  state: string;
  /** The buttons the person can still use (the dialog's Close, a host's own). */
  actions?: ReactNode;
  className?: string;
  id?: string;
  lang?: string;
  dir?: TextDirection;
}

/** Drawn instead of the fields when there is nothing that can be filled in, and why. */
export function FormNotice({ text, state, actions, className, ...attributes }: FormNoticeProps) {
  return (
    <div className={["rme-form", "rme-form--invalid", className].filter(Boolean).join(" ")} data-state={state} {...attributes}>
      <p className="rme-form__invalid" role="alert">
        {text}
      </p>
      {actions}
    </div>
  );
}
