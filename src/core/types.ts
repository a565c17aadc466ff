// Protocol shapes and the typed field descriptors every other layer works from.
// These are our own definitions of the wire format (all revisions 2025-06-18 → 2026-07-28);
// they are structurally compatible with the MCP SDK's ElicitRequestParams / ElicitResult.

/** A value the protocol allows in accepted content. */
export type ElicitContentValue = string | number | boolean | string[];

/** Accepted content: only declared keys, typed. */
export type ElicitContent = { [key: string]: ElicitContentValue };

export type ElicitAction = "accept" | "decline" | "cancel";

export type ElicitResult =
  | { action: "accept"; content?: ElicitContent; [extra: string]: unknown }
  | { action: "decline"; [extra: string]: unknown }
  | { action: "cancel"; [extra: string]: unknown };

/** `requestedSchema` as a server sends it. Kept loose: parsing is what checks it. */
export interface ElicitationRequestedSchema {
  $schema?: string;
  type: "object";
  properties: Record<string, unknown>;
  required?: string[];
  [extra: string]: unknown;
}

/** `params` of `elicitation/create` in form mode (mode missing or "form"). */
export interface ElicitFormParams {
  mode?: "form";
  message: string;
  requestedSchema: ElicitationRequestedSchema;
  [extra: string]: unknown;
}

/** `params` of `elicitation/create` in URL mode (2025-11-25 carries elicitationId; 2026-07-28 drops it). */
export interface ElicitUrlParams {
  mode: "url";
  message: string;
  url: string;
  elicitationId?: string;
  [extra: string]: unknown;
}

export type ElicitParams = ElicitFormParams | ElicitUrlParams;

/** The string formats the protocol allows. */
export type StringFormat = "email" | "uri" | "date" | "date-time";

/** One choice of a single or multi select. */
export interface FieldOption {
  value: string;
  label: string;
}

interface FieldBase {
  /** The property name exactly as declared by the server. */
  key: string;
  /** Position in declaration order; also the stable form-field name (`f0`, `f1`, …). */
  index: number;
  /** JSON path of the property for error messages: `requestedSchema.properties.<key>`. */
  path: string;
  /** `title`, falling back to the property key. */
  label: string;
  description?: string;
  required: boolean;
  /**
   * Text and number fields only: the key, title or description names a password, API key, token,
   * secret, card number, card code or national ID, which servers must not ask for in form mode.
   */
  sensitive?: SensitiveFieldKind;
}

export interface TextFieldDescriptor extends FieldBase {
  kind: "text";
  format?: StringFormat;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: string;
}

export interface NumberFieldDescriptor extends FieldBase {
  kind: "number";
  /** `type: "integer"`: whole numbers only, steps by 1. */
  integer: boolean;
  minimum?: number;
  maximum?: number;
  default?: number;
}

export interface BooleanFieldDescriptor extends FieldBase {
  kind: "boolean";
  default?: boolean;
}

/**
 * Single select. `variant` records which spelling the server used:
 * `enum` (untitled), `enum` + `enumNames` (legacy labels), `oneOf: [{const, title}]` (titled).
 */
export interface SingleSelectFieldDescriptor extends FieldBase {
  kind: "single-select";
  variant: "untitled" | "legacy-titled" | "titled";
  options: FieldOption[];
  default?: string;
}

/** Multi select: `type: "array"` with `items.enum` (untitled) or `items.anyOf: [{const, title}]` (titled). */
export interface MultiSelectFieldDescriptor extends FieldBase {
  kind: "multi-select";
  variant: "untitled" | "titled";
  options: FieldOption[];
  minItems?: number;
  maxItems?: number;
  default?: string[];
}

/**
 * The opt-in to file inputs (draft SEP-2356): the `fileInputs` value of "react-mcp-elicitation/core",
 * given as the `fileInputs` option of the queue, the dialog, the form or the parser. It carries the
 * reading of `x-mcp-file`, so a page whose host does not opt in never downloads that code.
 */
export interface FileInputs {
  readonly kind: "file-inputs";
}

/**
 * A file (draft SEP-2356): a string property with `format: "uri"` and an `x-mcp-file` annotation,
 * parsed as a file only when the host opts in (`fileInputs`). The value is an RFC 2397 `data:` URI,
 * `data:<type>;name=<file name, percent-encoded>;base64,<bytes>`.
 */
export interface FileFieldDescriptor extends FieldBase {
  kind: "file";
  /** `"uri"` when the server declared it (the draft asks it to); a data: URI is a URI. */
  format?: "uri";
  /** `x-mcp-file.accept` as sent: MIME types ("image/png"), wildcards ("image/*") and extensions (".pdf"); none or empty: any file. */
  accept?: string[];
  /** `x-mcp-file.maxSize` as sent: the largest file, in bytes. The host's `maxFileSize` limit bounds it further. */
  maxSize?: number;
  /** The largest file the person may choose, in bytes: `maxSize` bounded by the host's `maxFileSize` limit. */
  sizeLimit: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** A `data:` URI. */
  default?: string;
}

export type FieldDescriptor =
  | TextFieldDescriptor
  | FileFieldDescriptor
  | NumberFieldDescriptor
  | BooleanFieldDescriptor
  | SingleSelectFieldDescriptor
  | MultiSelectFieldDescriptor;

export type FieldKind = FieldDescriptor["kind"];

/** What a successful parse yields. */
export interface ParsedElicitationSchema {
  fields: FieldDescriptor[];
  /**
   * A clean JSON Schema (draft 2020-12 subset) rebuilt from the descriptors, with
   * `additionalProperties: false`. Validators compile this, never the server's raw object.
   */
  jsonSchema: Record<string, unknown>;
  /**
   * Stable string identity of `jsonSchema`. Compiled validators are not filed under it:
   * they are filed under the key the parser recorded for its own result, which nothing written here changes.
   */
  cacheKey: string;
  /**
   * Stable string identity of the form as drawn: `cacheKey`, and for each file field (`fileInputs`)
   * its `x-mcp-file`. Drafts and kept answers are filed under it, so a file field and the URL field
   * of the same `jsonSchema` are never taken for the same form.
   */
  formKey: string;
  /** The size limits it was parsed under; validation applies the same `maxStringLength`. */
  limits?: ElicitationLimits;
}

/** Why a value failed, so the UI can word it in the host's language. */
export type ValidationCode =
  | "required"
  | "type"
  | "integer"
  | "minLength"
  | "maxLength"
  | "pattern"
  | "format"
  | "minimum"
  | "maximum"
  | "enum"
  | "minItems"
  | "maxItems"
  | "uniqueItems"
  | "unknownField"
  | "invalidSchema"
  /** A file of a type the field does not accept; params `{ accept }` (the list, joined with ", "). */
  | "fileType"
  /** A file larger than the field allows; params `{ limit }` in bytes. */
  | "fileSize";

export interface ValidationIssue {
  /** The property key (as declared by the server); "" for problems with the content object itself. */
  field: string;
  code: ValidationCode;
  /** Plain-words English message; hosts re-word through `messages`. */
  message: string;
  /** Parameters of the rule that failed: { limit }, { format }, … */
  params?: Record<string, unknown>;
}

/**
 * What checking content against a parsed request found: the content to send (a NEW object holding
 * only the declared keys), or at most one issue per field, in the order a person should fix them.
 * `validateElicitationContent` returns it; `loadContentValidator`'s check adds `leftToServer`.
 * Inside the library a check carries its issues as codes and parameters until it words them (`Issue`).
 */
export type ContentCheck<Issue = ValidationIssue> = { valid: true; content: ElicitContent } | { valid: false; errors: Issue[] };

/** A request as the UI draws it, after `parseElicitationRequest` checked `params`. */
export type ParsedElicitationRequest =
  | { mode: "form"; message: string; schema: ParsedElicitationSchema }
  | { mode: "url"; message: string; url: string; elicitationId?: string };

/**
 * Raw form state, one entry per field, keyed by the field's form name (`f${index}`) so that
 * server-chosen keys ("a.b", "__proto__") never reach react-hook-form's path syntax.
 * text/number/single-select: the input's string ("" = empty); file: its data: URI ("" = none);
 * boolean: checked; multi-select: values.
 */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

/**
 * What happens to a form that asks for a password, key, card number or the like (detectSensitiveField):
 * "warn" draws it with a warning, "decline" answers decline before anything is drawn.
 */
export type SensitiveFieldPolicy = "warn" | "decline";

/**
 * What a person may keep of an accepted answer (a relay host's `remember`), so that the same server's
 * same form is answered with it again without asking: "chat", in the chat the request belongs to;
 * "server", always.
 */
export type ElicitationRememberScope = "chat" | "server";

/** What a field appears to ask for. */
export type SensitiveFieldKind = "password" | "apiKey" | "token" | "secret" | "cardNumber" | "cardCode" | "nationalId";

/** Size limits applied to every elicitation request. All counts are inclusive maximums. */
export interface ElicitationLimits {
  /** Fields in one form (properties of `requestedSchema`). */
  maxProperties: number;
  /** Characters (code points) of `message`. */
  maxMessageLength: number;
  /** Characters of every other server string: property keys, titles, descriptions, option values and labels, string defaults. */
  maxTextLength: number;
  /** Choices of one single or multi select. */
  maxOptions: number;
  /**
   * Characters a person may submit in one text field. Validation refuses longer input in plain
   * words ("Use at most … characters") even when the schema allows more, and a schema whose
   * `minLength` is above it is refused (the field could never be filled).
   */
  maxStringLength: number;
  /** Characters of one `pattern`. */
  maxPatternLength: number;
  /**
   * Bytes of one file (file inputs, `fileInputs` opt-in). The person cannot choose a larger file,
   * whatever the field's `maxSize`. The default, 6 MB, keeps the data: URI under the 8,388,000
   * characters the MCP SDK's server validators can check as `format: "uri"` (both throw "Maximum call
   * stack size exceeded" on longer ones); raise it only for servers that check files otherwise.
   */
  maxFileSize: number;
  /** Nesting depth of `requestedSchema`, counting objects and arrays (a valid schema needs at most 6). */
  maxSchemaDepth: number;
  /** Objects, arrays and values in `requestedSchema`, annotations included. */
  maxSchemaNodes: number;
}
