import type { ValidationMessages } from "../../core/validation/validationMessages";
import type { ElicitationMessages } from "../ElicitationMessages";
import { formatters } from "./formatters";

// Spanish, complete, in neutral Spanish with "usted". Chosen by `locale="es"` (and "es-MX",
// "es-419", …); loaded on demand as its own chunk.

const { number, plural, size } = formatters("es");
const characters = (n: unknown) => `${number(n)} ${plural(n, { one: "carácter", other: "caracteres" })}`;

const FORMATS: Record<string, string> = {
  email: "Introduzca una dirección de correo electrónico válida",
  uri: "Introduzca una URL válida, como https://example.com",
  date: "Introduzca una fecha válida",
  "date-time": "Introduzca una fecha y hora válidas",
  "data-uri": "Elija un archivo",
};

const TYPES: Record<string, string> = {
  number: "Introduzca un número",
  integer: "Introduzca un número",
  string: "Introduzca un texto",
  boolean: "Elija sí o no",
  array: "Elija entre las opciones",
  object: "Debe ser un objeto con los valores de los campos",
};

export const esValidationMessages: ValidationMessages = {
  required: () => "Este campo es obligatorio",
  type: (p) => TYPES[String(p.type)] ?? "Introduzca un valor válido",
  integer: () => "Introduzca un número entero",
  minLength: (p) => `Use al menos ${characters(p.limit)}`,
  maxLength: (p) => `Use como máximo ${characters(p.limit)}`,
  pattern: () => "No tiene el formato esperado",
  format: (p) => FORMATS[String(p.format)] ?? "Introduzca un valor válido",
  minimum: (p) => `Debe ser ${number(p.limit)} o más`,
  maximum: (p) => `Debe ser ${number(p.limit)} o menos`,
  enum: () => "Elija una de las opciones",
  minItems: (p) => `Elija al menos ${number(p.limit)}`,
  maxItems: (p) => `Elija como máximo ${number(p.limit)}`,
  uniqueItems: () => "Elija cada opción una sola vez",
  unknownField: () => "No es un campo de este formulario",
  invalidSchema: (p) => (typeof p.message === "string" ? p.message : "Este formulario no se puede mostrar: la solicitud no es válida"),
  fileType: (p) => `Elija un archivo de un tipo admitido (${String(p.accept)})`,
  fileSize: (p) => `Elija un archivo de ${size(p.limit)} como máximo`,
};

export const esMessages: ElicitationMessages = {
  dialogTitle: "{server} le pide información",
  submit: "Enviar",
  decline: "Rechazar",
  cancel: "Cancelar",
  requiredMarker: "*",
  requiredForAssistiveTech: "obligatorio",
  requiredLegend: "Los campos marcados con {marker} son obligatorios.",
  selectPlaceholder: "Elija…",
  clearChoice: "Borrar la selección",
  timeZoneHint: "Su zona horaria: {zone}",
  invalidRequest: "Esta solicitud no se puede mostrar: {reason}",
  close: "Cerrar",
  validationUnavailable:
    "Este formulario no se puede comprobar ahora porque una parte de la página no se cargó. Ciérrelo y vuelva a intentarlo.",
  patternLeftToServer: "El servidor comprobará el formato de {fields} cuando lo envíe.",
  queuePosition: "{position} de {total}",
  timeLeft: "Tiempo restante: {time}",
  stopAsking: "No volver a preguntar",
  urlDestination: "Este enlace lleva a",
  urlFull: "Dirección completa",
  urlHost: "Nombre de host completo",
  urlOpen: "Abrir {domain}",
  urlNotOpened: "Todavía no se ha abierto nada. La página se abre en una ventana nueva solo si usted decide abrirla.",
  urlWarningPunycode:
    "La dirección usa caracteres internacionales y se mostraría como «{unicode}». Asegúrese de que es el sitio que espera.",
  urlWarningMixedScript: "El nombre mezcla letras de distintos alfabetos, un truco para imitar sitios conocidos.",
  urlWarningNotHttps: "Este enlace no es seguro (http): cualquiera en la red podría leer o modificar la página.",
  urlWarningCredentials: "La parte anterior a «@» no es el sitio. Este enlace lleva a {domain}.",
  urlNotOpenable: "Este enlace no se puede abrir aquí: solo se permiten direcciones web (https).",
  urlStepDone: "{server} indica que este paso se ha completado.",
  urlStepWaiting: "Esperando a que termine en {domain} ({server}).",
  urlStepDismiss: "Ocultar",
  sensitiveFieldWarning:
    "Parece que se trata de {kind}. Los servidores MCP no pueden pedir contraseñas, claves, tokens, datos de tarjetas ni números de identificación en un formulario. No lo introduzca a menos que esté seguro.",
  sensitiveKindPassword: "una contraseña",
  sensitiveKindApiKey: "una clave de API",
  sensitiveKindToken: "un token de acceso",
  sensitiveKindSecret: "un secreto",
  sensitiveKindCardNumber: "un número de tarjeta de pago",
  sensitiveKindCardCode: "un código de seguridad de tarjeta",
  sensitiveKindNationalId: "un número de identificación nacional",
  draftRestored: "Se han restaurado sus respuestas anteriores a este formulario.",
  draftClear: "Borrar",
  fileChoose: "Elegir un archivo",
  fileDrop: "o suéltelo aquí",
  fileRemove: "Quitar",
  fileTypes: "Tipos admitidos: {types}",
  fileMaxSize: "Hasta {size}",
  fileReading: "Leyendo {name}…",
  fileUnnamed: "Archivo adjunto",
  fileReadFailed: "No se pudo leer {name}. Vuelva a elegirlo o elija otro archivo.",
  validation: esValidationMessages,
};
