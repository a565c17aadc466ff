import type { ReactNode } from "react";
import type { ElicitationSchemaError } from "../core/request/ElicitationSchemaError";
import type { ElicitationLimits } from "../core/request/limits";
import type { PreparedElicitationRequest } from "../core/request/prepareElicitationRequest";
import type { ElicitParams, ElicitResult, FileInputs } from "../core/types";
import type { FieldRegistry } from "../fields/fieldRegistry";
import type { ElicitationDraftStore } from "../form/createElicitationDraftStore";
import type { ElicitationMessagesInput } from "../messages/resolveMessages";
import type { ElicitationAnswerStore } from "../form/createElicitationAnswerStore";
import { ElicitationDialogBody } from "./ElicitationDialogBody";
import { ElicitationDialogClose } from "./ElicitationDialogClose";
import { ElicitationDialogHeader } from "./ElicitationDialogHeader";
import { ElicitationDialogMessage } from "./ElicitationDialogMessage";
import { ElicitationDialogRoot } from "./ElicitationDialogRoot";
import type { ElicitationLayout } from "../form/useElicitationLayout";
import { useElicitationAnswer } from "./useElicitationAnswer";
import { useLocaleMessages } from "../messages/useLocaleMessages";
import type { TextDirection } from "../ui/TextDirection";
import type { SensitiveFieldPolicy } from "../core/types";

export interface ElicitationDialogProps {
  /** Who is asking. Comes from the host's own record of the connection, never from the request. */
  serverName: string;
  /** The `params` of `elicitation/create` exactly as received; the dialog prepares them once. */
  request?: ElicitParams;
  /**
   * Instead of `request`: the request already prepared (`prepareElicitationRequest`), e.g. by a
   * queue. Drawn as is: `limits` and `sensitiveFields` were applied when it was prepared.
   */
  prepared?: PreparedElicitationRequest;
  /**
   * Called once with the person's answer (again only after a refusal; never after `signal` aborts). It may return a promise when the answer can be
   * refused on its way (a relay): the answer counts as given (draft, kept answer) once it resolves,
   * nothing more is sent meanwhile, and a rejection with `ElicitationAnswerRefused` puts its errors on
   * the fields for another answer. `delivery` and `notice` say so on the card (the outlet passes both).
   */
  onResponse: (result: ElicitResult) => void;
  /** Where the answer is, as the host knows it: "sending" (the buttons wait), "retrying" (Cancel may replace it), "closed" (closed elsewhere; nothing can be answered). */
  delivery?: "sending" | "retrying" | "closed";
  /** Aborts when the server withdraws the request or the host gives up: the dialog closes without answering. */
  signal?: AbortSignal;
  /** Replacement UI strings, whole or in part. */
  messages?: ElicitationMessagesInput;
  /** Replacement components for some field kinds. */
  fieldComponents?: Partial<FieldRegistry>;
  /**
   * Called once when `request` is not a valid elicitation (the host should answer JSON-RPC -32602).
   * When given, the dialog draws nothing for such a request; otherwise it shows the reason and a Close button that answers cancel.
   */
  onInvalidRequest?: (error: ElicitationSchemaError) => void;
  /** Escape pressed; call `event.preventDefault()` to keep the dialog open. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /** Pointer down on the backdrop; call `event.preventDefault()` to keep the dialog open. Never called inline: there is no outside. */
  onPointerDownOutside?: (event: PointerEvent) => void;
  /** A line at the foot of the dialog, announced politely: where the answer is ("Sending…") or why the request closed. The outlet fills it. */
  notice?: string;
  /** Drawn under the title: queue position, time left. */
  status?: ReactNode;
  /**
   * The form's actions, in place of `<ElicitationDialogParts.Actions />` (Cancel, Decline, Submit) when every
   * field is drawn at once; the outlet puts its remember choices above them. Steps draw their own.
   */
  actions?: ReactNode;
  /** With steps: drawn above the review step's actions, where Submit is (the outlet's remember choices). */
  beforeSubmit?: ReactNode;
  /** Drawn before the title, e.g. the server's logo from the host's own records (decorative: give it `alt=""`). */
  icon?: ReactNode;
  /** URL mode: the server reported the step complete (`notifications/elicitation/complete`). */
  urlStepDone?: boolean;
  /**
   * BCP 47 language of the wording: sets `lang` and picks the catalogue ("de", "fr", "es", "ja",
   * "zh-Hans", "pt-BR"; "fr-CA" → French, unknown → English) that `messages` fill in. Native number
   * and date inputs take it as their hint.
   */
  locale?: string;
  /** File inputs (draft SEP-2356), given `fileInputs` from "react-mcp-elicitation/core": `x-mcp-file` properties become file pickers whose value is a data: URI. Off by default. */
  fileInputs?: FileInputs | false;
  /** Text direction of the dialog; "rtl" for Arabic, Hebrew, Persian… The layout mirrors. */
  dir?: TextDirection;
  /** Size limits for `request` (fields, message length, options…); over them it is invalid (-32602). */
  limits?: Partial<ElicitationLimits>;
  /**
   * A form field that looks like a password, key, token, secret, card number, card code or
   * national ID: "warn" (default) shows a warning under it; "decline" answers `decline` at once.
   */
  sensitiveFields?: SensitiveFieldPolicy;
  /**
   * Drafts (`createElicitationDraftStore()`): what the person types is kept for this question (`draftKey`)
   * as they type, and the same question drawn again starts from it, with a notice and a way to clear it.
   * Submit and decline forget it. Another question starts from it only with the store's `offerClosed`.
   */
  drafts?: ElicitationDraftStore;
  /** The question's own key for `drafts`, the same each time it is drawn (the outlet passes the queue entry's `draftKey`). */
  draftKey?: string;
  /** The request's `context` (the outlet passes the entry's): the draft store's `offerClosed` looks no further than it by default. */
  context?: Readonly<Record<string, string>>;
  /**
   * Kept answers (`createElicitationAnswerStore()`): when the same server asks the same form again
   * (same schema and message), the form offers "Use my last answer", which fills it and never sends.
   * Fields flagged sensitive are never kept.
   */
  answers?: ElicitationAnswerStore;
  /**
   * "dialog" (default): a modal dialog in a portal that takes focus. "inline": a card where the
   * dialog is placed (no portal, no backdrop, not modal) that leaves focus where it is and announces
   * itself politely; every protection of the dialog holds.
   */
  presentation?: "dialog" | "inline";
  /** Inline only: move focus to the card (never into a field) when it appears, unless something else has focus then. Default false: the card leaves focus where it is. */
  takeFocus?: boolean;
  /**
   * Milliseconds after the dialog appears during which clicks, key presses and close requests are
   * ignored, so that input meant for what was there before cannot answer it. Default 500; 0 turns it off.
   */
  protectionInterval?: number;
  /** Where the dialog is rendered (a portal); defaults to `document.body`, out of reach of the host page's layout and rules. Not used inline. */
  container?: Element | DocumentFragment | null;
  className?: string;
  /**
   * "form" (default): every field at once. "steps": one question at a time, with Back, Next and a
   * review of every answer before Submit. "auto": steps for more than five fields or a viewport
   * narrower than 480 px.
   */
  layout?: ElicitationLayout;
}

/**
 * One elicitation request as a modal dialog (or an inline card): who asks, why, the fields, and the
 * three answers. Render it with a `key` per request so each request starts fresh. Built from
 * `ElicitationDialogParts`, which a host can arrange itself.
 */
export function ElicitationDialog(props: ElicitationDialogProps) {
  // Drawn once the wording of `locale` is here, so no other language flashes first (docs/i18n.md).
  return useLocaleMessages(props.locale, props.messages) === undefined ? null : <LocalizedElicitationDialog {...props} />;
}

function LocalizedElicitationDialog(props: ElicitationDialogProps) {
  return (
    // The frame's props have the same names here (presentation, layout, locale, dir, container, …).
    <ElicitationDialogRoot {...props} answer={useElicitationAnswer(props)}>
      {/* Header takes its icon and status, Body its fieldComponents, from the same props. */}
      <ElicitationDialogHeader {...props} />
      <ElicitationDialogMessage />
      <ElicitationDialogBody {...props} />
      <ElicitationDialogClose />
    </ElicitationDialogRoot>
  );
}
