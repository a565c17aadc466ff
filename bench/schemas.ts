// The schemas both libraries render in the benchmark: flat elicitation schemas of a given size,
// cycling through every field kind, every required field pre-filled so a submit is valid.

export type JsonSchema = Record<string, unknown>;

const COLOURS = ["red", "green", "blue"];
const REGIONS = ["eu-west", "eu-north", "us-east", "us-west", "ap-south", "ap-east", "sa-east", "af-south"];
const FEATURES = ["search", "billing", "export", "audit"];

/** One property per slot; the first is a plain optional text field (the one the bench types into). */
const KINDS: ((i: number) => { schema: JsonSchema; required?: boolean })[] = [
  (i) => ({ schema: { type: "string", title: `Note ${i}`, maxLength: 100 } }),
  (i) => ({ schema: { type: "string", title: `Email ${i}`, format: "email", default: `person${i}@example.com` }, required: true }),
  (i) => ({ schema: { type: "integer", title: `Age ${i}`, minimum: 0, maximum: 150, default: 30 }, required: true }),
  (i) => ({ schema: { type: "number", title: `Budget ${i}`, minimum: 0, description: "In euros, decimals allowed" } }),
  (i) => ({ schema: { type: "boolean", title: `Subscribe ${i}`, default: false } }),
  (i) => ({ schema: { type: "string", title: `Colour ${i}`, enum: COLOURS, default: "green" }, required: true }),
  (i) => ({
    schema: { type: "string", title: `Region ${i}`, oneOf: REGIONS.map((r) => ({ const: r, title: r.toUpperCase() })) },
  }),
  (i) => ({
    schema: { type: "array", title: `Features ${i}`, items: { type: "string", enum: FEATURES }, uniqueItems: true, maxItems: 3 },
  }),
  (i) => ({ schema: { type: "string", title: `Start ${i}`, format: "date" } }),
  (i) => ({
    schema: { type: "string", title: `Code ${i}`, pattern: "^[A-Z]{3}-[0-9]{3}$", minLength: 7, maxLength: 7, default: "ABC-123" },
    required: true,
  }),
];

/**
 * A fresh requestedSchema object with `size` fields. `salt` goes into the first field's title, so a new
 * salt is a schema neither library has seen (a first request) and the same salt is a repeated request.
 */
export function makeSchema(size: number, salt = ""): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (let i = 0; i < size; i++) {
    const { schema, required: isRequired } = KINDS[i % KINDS.length]!(i);
    const key = `field${i}`;
    properties[key] = i === 0 && salt ? { ...schema, title: `Note ${salt}` } : schema;
    if (isRequired) required.push(key);
  }
  return { type: "object", properties, required };
}

/**
 * rjsf draws the same widgets ours does when told to: radios for a required short choice,
 * checkboxes for a multi-select (its default would be a multiple select box).
 */
export function rjsfUiSchema(schema: JsonSchema): Record<string, unknown> {
  const properties = schema.properties as Record<string, JsonSchema>;
  const required = new Set(schema.required as string[]);
  const ui: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    if (property.type === "array") ui[key] = { "ui:widget": "checkboxes" };
    else if (Array.isArray(property.enum) && required.has(key) && property.enum.length <= 5) ui[key] = { "ui:widget": "radio" };
  }
  return ui;
}
