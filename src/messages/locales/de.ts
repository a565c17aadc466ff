import type { ValidationMessages } from "../../core/validation/validationMessages";
import type { ElicitationMessages } from "../ElicitationMessages";
import { formatters } from "./formatters";

// German, complete: every string the library shows. Pass it as `messages` together with
// `locale="de"`; spread it to change single strings: `{ ...deMessages, submit: "Senden" }`.

const { number: limit, plural, size } = formatters("de-DE");
const count = (n: unknown, one: string, many: string) => `${limit(n)} ${plural(n, { one, other: many })}`;

const FORMATS: Record<string, string> = {
  email: "Geben Sie eine gültige E-Mail-Adresse ein",
  uri: "Geben Sie eine gültige Adresse ein, etwa https://example.com",
  date: "Geben Sie ein gültiges Datum ein",
  "date-time": "Geben Sie ein gültiges Datum mit Uhrzeit ein",
  "data-uri": "Wählen Sie eine Datei",
};

const TYPES: Record<string, string> = {
  number: "Geben Sie eine Zahl ein",
  integer: "Geben Sie eine Zahl ein",
  string: "Geben Sie einen Text ein",
  boolean: "Wählen Sie Ja oder Nein",
  array: "Wählen Sie aus den Optionen",
  object: "Muss ein Objekt mit Feldwerten sein",
};

export const deValidationMessages: ValidationMessages = {
  required: () => "Dieses Feld ist erforderlich",
  type: (p) => TYPES[String(p.type)] ?? "Geben Sie einen gültigen Wert ein",
  integer: () => "Geben Sie eine ganze Zahl ein",
  minLength: (p) => `Mindestens ${count(p.limit, "Zeichen", "Zeichen")}`,
  maxLength: (p) => `Höchstens ${count(p.limit, "Zeichen", "Zeichen")}`,
  pattern: () => "Entspricht nicht dem erwarteten Format",
  format: (p) => FORMATS[String(p.format)] ?? "Geben Sie einen gültigen Wert ein",
  minimum: (p) => `Muss mindestens ${limit(p.limit)} sein`,
  maximum: (p) => `Darf höchstens ${limit(p.limit)} sein`,
  enum: () => "Wählen Sie eine der Optionen",
  minItems: (p) => `Wählen Sie mindestens ${limit(p.limit)}`,
  maxItems: (p) => `Wählen Sie höchstens ${limit(p.limit)}`,
  uniqueItems: () => "Wählen Sie jede Option nur einmal",
  unknownField: () => "Kein Feld dieses Formulars",
  invalidSchema: (p) =>
    typeof p.message === "string" ? p.message : "Dieses Formular kann nicht angezeigt werden: die Anfrage ist ungültig",
  fileType: (p) => `Wählen Sie eine Datei eines erlaubten Typs (${String(p.accept)})`,
  fileSize: (p) => `Wählen Sie eine Datei von höchstens ${size(p.limit)}`,
};

export const deMessages: ElicitationMessages = {
  dialogTitle: "{server} bittet um Angaben",
  submit: "Absenden",
  decline: "Ablehnen",
  cancel: "Abbrechen",
  requiredMarker: "*",
  requiredForAssistiveTech: "erforderlich",
  requiredLegend: "Mit {marker} markierte Felder sind erforderlich.",
  selectPlaceholder: "Bitte wählen…",
  clearChoice: "Auswahl aufheben",
  timeZoneHint: "Ihre Zeitzone: {zone}",
  invalidRequest: "Diese Anfrage kann nicht angezeigt werden: {reason}",
  close: "Schließen",
  validationUnavailable: "Dieses Formular kann gerade nicht geprüft werden, weil ein Teil der Seite nicht geladen wurde. Schließen Sie es und versuchen Sie es erneut.",
  patternLeftToServer: "Das Format von {fields} prüft der Server, wenn Sie absenden.",
  queuePosition: "{position} von {total}",
  timeLeft: "Verbleibende Zeit: {time}",
  stopAsking: "Nicht mehr fragen",
  urlDestination: "Dieser Link führt zu",
  urlFull: "Vollständige Adresse",
  urlHost: "Vollständiger Hostname",
  urlOpen: "{domain} öffnen",
  urlNotOpened:
    "Es wurde noch nichts geöffnet. Die Seite öffnet sich nur dann in einem neuen Fenster, wenn Sie sie öffnen.",
  urlWarningPunycode:
    "Die Adresse enthält internationale Zeichen und würde als „{unicode}“ angezeigt. Prüfen Sie, ob es die erwartete Website ist.",
  urlWarningMixedScript:
    "Der Name mischt Buchstaben verschiedener Alphabete – ein Trick, um bekannte Websites nachzuahmen.",
  urlWarningNotHttps:
    "Dieser Link ist nicht sicher (http): Jeder im Netzwerk könnte die Seite mitlesen oder verändern.",
  urlWarningCredentials: "Der Teil vor „@“ ist nicht die Website. Dieser Link führt zu {domain}.",
  urlNotOpenable: "Dieser Link kann hier nicht geöffnet werden: Nur Webadressen (https) sind erlaubt.",
  urlStepDone: "{server} meldet, dass dieser Schritt erledigt ist.",
  urlStepWaiting: "Warten, bis Sie auf {domain} fertig sind ({server}).",
  urlStepDismiss: "Ausblenden",
  attentionTitleBadge: "({count}) {title}",
  attentionQuestion: "Frage von {server}",
  attentionNotificationBody: "Wartet auf Ihre Antwort.",
  answerSending: "Wird gesendet…",
  answerRetrying: "Ihre Antwort konnte nicht gesendet werden. Neuer Versuch…",
  answerRefused: "Ihre Antwort wurde nicht angenommen. Prüfen Sie sie und versuchen Sie es erneut.",
  answerNotSent: "Ihre Antwort konnte nicht gesendet werden. Versuchen Sie es erneut.",
  closedAnswered: "In einem anderen Fenster beantwortet",
  closedWithdrawn: "Der Server hat diese Frage zurückgezogen",
  closedTimeout: "Die Zeit für diese Frage ist abgelaufen",
  closedClosed: "Diese Frage ist nicht mehr offen",
  sensitiveFieldWarning:
    "Das sieht nach {kind} aus. MCP-Server dürfen in einem Formular nicht nach Passwörtern, Schlüsseln, Tokens, Kartendaten oder Ausweisnummern fragen. Geben Sie es nur ein, wenn Sie sicher sind.",
  sensitiveKindPassword: "einem Passwort",
  sensitiveKindApiKey: "einem API-Schlüssel",
  sensitiveKindToken: "einem Zugangstoken",
  sensitiveKindSecret: "einem Geheimnis",
  sensitiveKindCardNumber: "einer Kartennummer",
  sensitiveKindCardCode: "einem Kartenprüfcode",
  sensitiveKindNationalId: "einer Ausweis- oder Steuernummer",
  draftRestored: "Ihre früheren Antworten auf dieses Formular wurden wiederhergestellt.",
  draftClear: "Verwerfen",
  useLastAnswer: "Meine letzte Antwort verwenden",
  boundsNumberRange: "Eine Zahl von {min} bis {max}",
  boundsNumberMin: "Eine Zahl, mindestens {min}",
  boundsNumberMax: "Eine Zahl, höchstens {max}",
  boundsIntegerRange: "Eine ganze Zahl von {min} bis {max}",
  boundsIntegerMin: "Eine ganze Zahl, mindestens {min}",
  boundsIntegerMax: "Eine ganze Zahl, höchstens {max}",
  boundsTextRange: "{min} bis {max} Zeichen",
  boundsTextExact: "Genau {min} Zeichen",
  boundsTextMin: "Mindestens {min} Zeichen",
  boundsTextMax: "Höchstens {max} Zeichen",
  boundsItemsRange: "Wählen Sie {min} bis {max}",
  boundsItemsExact: "Wählen Sie {min}",
  boundsItemsMin: "Wählen Sie mindestens {min}",
  boundsItemsMax: "Wählen Sie bis zu {max}",
  stepProgress: "{step} von {total}",
  stepBack: "Zurück",
  stepNext: "Weiter",
  stepReview: "Ihre Antworten prüfen",
  stepEdit: "Ändern",
  stepEditField: "{field} ändern",
  stepNoAnswer: "Keine Angabe",
  stepYes: "Ja",
  stepNo: "Nein",
  fileChoose: "Datei auswählen",
  fileDrop: "oder hier ablegen",
  fileRemove: "Entfernen",
  fileTypes: "Erlaubte Typen: {types}",
  fileMaxSize: "Bis {size}",
  fileReading: "{name} wird gelesen…",
  fileUnnamed: "Angehängte Datei",
  fileReadFailed: "{name} konnte nicht gelesen werden. Wählen Sie die Datei erneut oder eine andere.",
  validation: deValidationMessages,
};
