import type { ValidationMessages } from "../../core/validation/validationMessages";
import type { ElicitationMessages } from "../ElicitationMessages";
import { formatters } from "./formatters";

// Brazilian Portuguese, complete, with "você". Chosen by `locale="pt-BR"` (and "pt", "pt-PT", the
// only Portuguese the package has); loaded on demand as its own chunk.

const { number, plural, size } = formatters("pt-BR");
const characters = (n: unknown) => `${number(n)} ${plural(n, { one: "caractere", other: "caracteres" })}`;

const FORMATS: Record<string, string> = {
  email: "Digite um endereço de e-mail válido",
  uri: "Digite uma URL válida, como https://example.com",
  date: "Digite uma data válida",
  "date-time": "Digite uma data e hora válidas",
  "data-uri": "Escolha um arquivo",
};

const TYPES: Record<string, string> = {
  number: "Digite um número",
  integer: "Digite um número",
  string: "Digite um texto",
  boolean: "Escolha sim ou não",
  array: "Escolha entre as opções",
  object: "Deve ser um objeto com os valores dos campos",
};

export const ptBRValidationMessages: ValidationMessages = {
  required: () => "Este campo é obrigatório",
  type: (p) => TYPES[String(p.type)] ?? "Digite um valor válido",
  integer: () => "Digite um número inteiro",
  minLength: (p) => `Use pelo menos ${characters(p.limit)}`,
  maxLength: (p) => `Use no máximo ${characters(p.limit)}`,
  pattern: () => "Não corresponde ao formato esperado",
  format: (p) => FORMATS[String(p.format)] ?? "Digite um valor válido",
  minimum: (p) => `Deve ser ${number(p.limit)} ou mais`,
  maximum: (p) => `Deve ser ${number(p.limit)} ou menos`,
  enum: () => "Escolha uma das opções",
  minItems: (p) => `Escolha pelo menos ${number(p.limit)}`,
  maxItems: (p) => `Escolha no máximo ${number(p.limit)}`,
  uniqueItems: () => "Escolha cada opção só uma vez",
  unknownField: () => "Não é um campo deste formulário",
  invalidSchema: (p) => (typeof p.message === "string" ? p.message : "Este formulário não pode ser exibido: a solicitação é inválida"),
  fileType: (p) => `Escolha um arquivo de um tipo aceito (${String(p.accept)})`,
  fileSize: (p) => `Escolha um arquivo de no máximo ${size(p.limit)}`,
};

export const ptBRMessages: ElicitationMessages = {
  dialogTitle: "{server} está pedindo informações",
  submit: "Enviar",
  decline: "Recusar",
  cancel: "Cancelar",
  requiredMarker: "*",
  requiredForAssistiveTech: "obrigatório",
  requiredLegend: "Os campos marcados com {marker} são obrigatórios.",
  selectPlaceholder: "Escolha…",
  clearChoice: "Limpar escolha",
  timeZoneHint: "Seu fuso horário: {zone}",
  invalidRequest: "Esta solicitação não pode ser exibida: {reason}",
  close: "Fechar",
  validationUnavailable:
    "Não é possível verificar este formulário agora porque parte da página não carregou. Feche-o e tente novamente.",
  patternLeftToServer: "O formato de {fields} será verificado pelo servidor quando você enviar.",
  queuePosition: "{position} de {total}",
  timeLeft: "Tempo restante: {time}",
  stopAsking: "Parar de perguntar",
  urlDestination: "Este link leva a",
  urlFull: "Endereço completo",
  urlHost: "Nome de host completo",
  urlOpen: "Abrir {domain}",
  urlNotOpened: "Nada foi aberto ainda. A página só abre em uma nova janela se você decidir abri-la.",
  urlWarningPunycode:
    "O endereço usa caracteres internacionais e seria exibido como “{unicode}”. Confira se é o site que você espera.",
  urlWarningMixedScript: "O nome mistura letras de alfabetos diferentes, um truque usado para imitar sites conhecidos.",
  urlWarningNotHttps: "Este link não é seguro (http): qualquer pessoa na rede poderia ler ou alterar a página.",
  urlWarningCredentials: "A parte antes de “@” não é o site. Este link leva a {domain}.",
  urlNotOpenable: "Este link não pode ser aberto aqui: só são permitidos endereços da web (https).",
  urlStepDone: "{server} informa que esta etapa foi concluída.",
  urlStepWaiting: "Aguardando você concluir em {domain} ({server}).",
  urlStepDismiss: "Dispensar",
  sensitiveFieldWarning:
    "Isto parece ser {kind}. Servidores MCP não podem pedir senhas, chaves, tokens, dados de cartão ou números de documentos em um formulário. Só preencha se tiver certeza.",
  sensitiveKindPassword: "uma senha",
  sensitiveKindApiKey: "uma chave de API",
  sensitiveKindToken: "um token de acesso",
  sensitiveKindSecret: "um segredo",
  sensitiveKindCardNumber: "um número de cartão de pagamento",
  sensitiveKindCardCode: "um código de segurança do cartão",
  sensitiveKindNationalId: "um número de documento de identificação",
  draftRestored: "Suas respostas anteriores a este formulário foram restauradas.",
  draftClear: "Limpar",
  fileChoose: "Escolher um arquivo",
  fileDrop: "ou solte-o aqui",
  fileRemove: "Remover",
  fileTypes: "Tipos aceitos: {types}",
  fileMaxSize: "Até {size}",
  fileReading: "Lendo {name}…",
  fileUnnamed: "Arquivo anexado",
  fileReadFailed: "Não foi possível ler {name}. Escolha-o novamente ou escolha outro arquivo.",
  validation: ptBRValidationMessages,
};
