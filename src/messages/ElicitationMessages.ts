import type { ValidationMessages } from "../core/validation/validationMessages";
import type { DeliveryMessages } from "./deliveryMessages";
import type { RememberMessages } from "./rememberMessages";
import type { HostMessages } from "./hostMessages";
import type { StepMessages } from "./stepMessages";
import type { FileMessages } from "./fileMessages";
import type { UrlMessages } from "./urlMessages";

/**
 * Every string the library shows. Hosts replace any part through the `messages` prop;
 * `{server}`-style placeholders are filled in by the component that draws the string.
 */
export interface ElicitationMessages extends HostMessages, Partial<UrlMessages>, Partial<DeliveryMessages>, Partial<RememberMessages>, Partial<StepMessages>, Partial<FileMessages> {
  /** Dialog heading; `{server}` is replaced by the server name, drawn apart from the rest. */
  dialogTitle: string;
  submit: string;
  decline: string;
  cancel: string;
  /** Visible marker after a required field's label (hidden from screen readers, which hear aria-required). */
  requiredMarker: string;
  /** Said to screen readers inside a group's legend, where aria-required is not allowed. */
  requiredForAssistiveTech: string;
  /** Shown above a form that has required fields; `{marker}` is replaced by requiredMarker. */
  requiredLegend: string;
  /** The empty choice of a select. */
  selectPlaceholder: string;
  /** Under an optional group of radios once one is chosen: empties the choice again. */
  clearChoice: string;
  /** Under a date-and-time field: which time zone the typed time is in; `{zone}`, e.g. "Europe/Paris (GMT+1)". */
  timeZoneHint: string;
  /** The request could not be shown; `{reason}` names the offending path. */
  invalidRequest: string;
  /** The button that dismisses an invalid request; also the name of the dialog's × button, which answers cancel. */
  close: string;
  /** The page could not load the code that checks answers (offline, a blocked chunk): nothing can be validated. */
  validationUnavailable: string;
  /**
   * Under a form with a field whose `pattern` this page could not check in time (or at all): the
   * server checks it on Submit. `{fields}` lists the fields' labels.
   */
  patternLeftToServer: string;
  /**
   * Under a text or number field whose words suggest a secret the protocol forbids servers to ask
   * for in a form; `{kind}` is one of the `sensitiveKind…` strings below.
   */
  sensitiveFieldWarning: string;
  sensitiveKindPassword: string;
  sensitiveKindApiKey: string;
  sensitiveKindToken: string;
  sensitiveKindSecret: string;
  sensitiveKindCardNumber: string;
  sensitiveKindCardCode: string;
  sensitiveKindNationalId: string;
  /** Shown when the form starts from answers the person typed earlier and then cancelled. */
  draftRestored: string;
  /** Button that throws the restored answers away and starts from the server's defaults. */
  draftClear: string;
  /** Offered when the same server asks the same form again and the host keeps answers: fills the form with what was submitted last time (never sends). */
  useLastAnswer: string;
  /**
   * A field's bounds, said beside it before anything is typed. `{min}` and `{max}` are numbers
   * formatted for the reader (Intl). Whole numbers use the `boundsInteger…` strings.
   */
  boundsNumberRange: string;
  boundsNumberMin: string;
  boundsNumberMax: string;
  boundsIntegerRange: string;
  boundsIntegerMin: string;
  boundsIntegerMax: string;
  /** Text length in characters: from `{min}` to `{max}`, exactly `{min}`, at least, at most. */
  boundsTextRange: string;
  boundsTextExact: string;
  boundsTextMin: string;
  boundsTextMax: string;
  /** How many options of a multi-select to choose. */
  boundsItemsRange: string;
  boundsItemsExact: string;
  boundsItemsMin: string;
  boundsItemsMax: string;
  /** File inputs (`fileInputs`): the button that opens the file picker. */
  fileChoose: string;
  /** Name shown for a file whose data: URI carries none (a server's default). */
  fileUnnamed: string;
  /** Plain-words validation messages, per rule. */
  validation: Partial<ValidationMessages>;
}
