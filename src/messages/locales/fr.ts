import type { ValidationMessages } from "../../core/validation/validationMessages";
import type { ElicitationMessages } from "../ElicitationMessages";
import { formatters } from "./formatters";

// French, complete. Chosen by `locale="fr"` (and "fr-CA", "fr-BE", …); loaded on demand as its own
// chunk. French typography: a no-break space before ":" and inside « ».

const { number, plural, size } = formatters("fr");
const characters = (n: unknown) => `${number(n)} ${plural(n, { one: "caractère", other: "caractères" })}`;

const FORMATS: Record<string, string> = {
  email: "Saisissez une adresse e-mail valide",
  uri: "Saisissez une URL valide, par exemple https://example.com",
  date: "Saisissez une date valide",
  "date-time": "Saisissez une date et une heure valides",
  "data-uri": "Choisissez un fichier",
};

const TYPES: Record<string, string> = {
  number: "Saisissez un nombre",
  integer: "Saisissez un nombre",
  string: "Saisissez du texte",
  boolean: "Choisissez oui ou non",
  array: "Choisissez parmi les options",
  object: "Doit être un objet contenant les valeurs des champs",
};

export const frValidationMessages: ValidationMessages = {
  required: () => "Ce champ est obligatoire",
  type: (p) => TYPES[String(p.type)] ?? "Saisissez une valeur valide",
  integer: () => "Saisissez un nombre entier",
  minLength: (p) => `Utilisez au moins ${characters(p.limit)}`,
  maxLength: (p) => `Utilisez au plus ${characters(p.limit)}`,
  pattern: () => "Ne correspond pas au format attendu",
  format: (p) => FORMATS[String(p.format)] ?? "Saisissez une valeur valide",
  minimum: (p) => `Doit être supérieur ou égal à ${number(p.limit)}`,
  maximum: (p) => `Doit être inférieur ou égal à ${number(p.limit)}`,
  enum: () => "Choisissez l’une des options",
  minItems: (p) => `Choisissez-en au moins ${number(p.limit)}`,
  maxItems: (p) => `Choisissez-en au plus ${number(p.limit)}`,
  uniqueItems: () => "Ne choisissez chaque option qu’une fois",
  unknownField: () => "Ce champ ne fait pas partie du formulaire",
  invalidSchema: (p) =>
    typeof p.message === "string" ? p.message : "Ce formulaire ne peut pas être affiché\u00a0: la demande n’est pas valide",
  fileType: (p) => `Choisissez un fichier d’un type accepté (${String(p.accept)})`,
  fileSize: (p) => `Choisissez un fichier de ${size(p.limit)} au maximum`,
};

export const frMessages: ElicitationMessages = {
  dialogTitle: "{server} vous demande des informations",
  submit: "Envoyer",
  decline: "Refuser",
  cancel: "Annuler",
  requiredMarker: "*",
  requiredForAssistiveTech: "obligatoire",
  requiredLegend: "Les champs marqués d’un {marker} sont obligatoires.",
  selectPlaceholder: "Choisissez…",
  clearChoice: "Effacer le choix",
  timeZoneHint: "Votre fuseau horaire\u00a0: {zone}",
  invalidRequest: "Cette demande ne peut pas être affichée\u00a0: {reason}",
  close: "Fermer",
  validationUnavailable:
    "Ce formulaire ne peut pas être vérifié pour le moment, car une partie de la page n’a pas pu être chargée. Fermez-le et réessayez.",
  patternLeftToServer: "Le format de {fields} sera vérifié par le serveur lors de l’envoi.",
  queuePosition: "{position} sur {total}",
  timeLeft: "Temps restant\u00a0: {time}",
  stopAsking: "Ne plus demander",
  urlDestination: "Ce lien mène à",
  urlFull: "Adresse complète",
  urlHost: "Nom d’hôte complet",
  urlOpen: "Ouvrir {domain}",
  urlNotOpened: "Rien n’a encore été ouvert. La page ne s’ouvre dans une nouvelle fenêtre que si vous choisissez de l’ouvrir.",
  urlWarningPunycode:
    "L’adresse contient des caractères internationaux et s’afficherait ainsi\u00a0: «\u00a0{unicode}\u00a0». Vérifiez qu’il s’agit bien du site attendu.",
  urlWarningMixedScript: "Le nom mélange des lettres de différents alphabets, une ruse utilisée pour imiter des sites connus.",
  urlWarningNotHttps: "Ce lien n’est pas sécurisé (http)\u00a0: n’importe qui sur le réseau pourrait lire ou modifier la page.",
  urlWarningCredentials: "La partie avant «\u00a0@\u00a0» n’est pas le site. Ce lien mène à {domain}.",
  urlNotOpenable: "Ce lien ne peut pas être ouvert ici\u00a0: seules les adresses web (https) sont autorisées.",
  urlStepDone: "{server} indique que cette étape est terminée.",
  urlStepWaiting: "En attente de la fin de votre démarche sur {domain} ({server}).",
  urlStepDismiss: "Masquer",
  attentionTitleBadge: "({count}) {title}",
  attentionQuestion: "Question de {server}",
  attentionNotificationBody: "En attente de votre réponse.",
  sensitiveFieldWarning:
    "Cela ressemble à {kind}. Les serveurs MCP n’ont pas le droit de demander des mots de passe, des clés, des jetons, des données de carte ou des numéros d’identité dans un formulaire. Ne le saisissez que si vous en êtes sûr.",
  sensitiveKindPassword: "un mot de passe",
  sensitiveKindApiKey: "une clé d’API",
  sensitiveKindToken: "un jeton d’accès",
  sensitiveKindSecret: "un secret",
  sensitiveKindCardNumber: "un numéro de carte de paiement",
  sensitiveKindCardCode: "un cryptogramme de carte",
  sensitiveKindNationalId: "un numéro d’identification national",
  draftRestored: "Vos réponses précédentes à ce formulaire ont été restaurées.",
  draftClear: "Effacer",
  fileChoose: "Choisir un fichier",
  fileDrop: "ou déposez-le ici",
  fileRemove: "Retirer",
  fileTypes: "Types acceptés\u00a0: {types}",
  fileMaxSize: "Jusqu’à {size}",
  fileReading: "Lecture de {name}…",
  fileUnnamed: "Fichier joint",
  fileReadFailed: "Impossible de lire {name}. Choisissez-le à nouveau ou choisissez un autre fichier.",
  useLastAnswer: "Reprendre ma dernière réponse",
  boundsNumberRange: "Un nombre de {min} à {max}",
  boundsNumberMin: "Un nombre, {min} ou plus",
  boundsNumberMax: "Un nombre, {max} ou moins",
  boundsIntegerRange: "Un nombre entier de {min} à {max}",
  boundsIntegerMin: "Un nombre entier, {min} ou plus",
  boundsIntegerMax: "Un nombre entier, {max} ou moins",
  boundsTextRange: "De {min} à {max} caractères",
  boundsTextExact: "Exactement {min} caractères",
  boundsTextMin: "Au moins {min} caractères",
  boundsTextMax: "Au plus {max} caractères",
  boundsItemsRange: "Choisissez-en de {min} à {max}",
  boundsItemsExact: "Choisissez-en {min}",
  boundsItemsMin: "Choisissez-en au moins {min}",
  boundsItemsMax: "Choisissez-en jusqu’à {max}",
  stepProgress: "{step} sur {total}",
  stepBack: "Retour",
  stepNext: "Suivant",
  stepReview: "Vérifiez vos réponses",
  stepEdit: "Modifier",
  stepEditField: "Modifier {field}",
  stepNoAnswer: "Sans réponse",
  stepYes: "Oui",
  stepNo: "Non",
  validation: frValidationMessages,
};
