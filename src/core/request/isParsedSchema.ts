import { hasOwn, isRecord, ownProperty } from "../shared/ownProperty";
import type { ParsedElicitationSchema } from "../types";

/** A parsed schema has these three and, unlike a server's requestedSchema, no `type`. */
export function isParsedSchema(schema: unknown): schema is ParsedElicitationSchema {
  return (
    isRecord(schema) &&
    !hasOwn(schema, "type") &&
    Array.isArray(ownProperty(schema, "fields")) &&
    isRecord(ownProperty(schema, "jsonSchema")) &&
    typeof ownProperty(schema, "cacheKey") === "string"
  );
}
