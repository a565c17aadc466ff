import Ajv2020 from "ajv/dist/2020.js";
import { checkStringFormat } from "./checkStringFormat";
import type { StringFormat } from "./types";
import type { CompileContentValidator } from "./validationEngine";

// The Ajv engine: about 37 KB gzipped, so the dialog and forms load this module with a dynamic
// import, and only on pages that allow `new Function` (see loadValidation.ts). Only the four
// elicitation formats are registered (checkStringFormat.ts): ajv-formats' plugin would add every
// other format and its formatMinimum keywords, which a clean schema never uses.
// Patterns are Ajv's own: `new RegExp(pattern, "u")`, exactly as the MCP SDK's server validator
// runs them. The forms never give Ajv a pattern (they check patterns off the main thread, see
// patternWorker.ts); the synchronous API does, as a server would.

let ajv: Ajv2020 | undefined;

// Created on first use, never at import: importing the package under SSR or on a server must stay cheap.
function getAjv(): Ajv2020 {
  if (ajv === undefined) {
    ajv = new Ajv2020({
      allErrors: true,
      // Strict mode is safe because we only ever compile the clean schema rebuilt by
      // parseElicitationSchema, never the server's raw object — which is why legacy `enumNames`
      // (not a JSON Schema keyword) cannot trip it.
      strict: true,
      // Only those clean schemas are compiled, so checking them against the JSON Schema meta-schema
      // would only cost time.
      validateSchema: false,
      // Server keys like "__proto__" or "constructor" must be checked as own properties only.
      ownProperties: true,
    });
    // The elicitation formats pass only what both SDK server validators accept (Ajv's email rule
    // alone takes addresses CfWorker refuses); see checkStringFormat.ts.
    for (const format of ["email", "uri", "date", "date-time"] as const satisfies readonly StringFormat[]) {
      ajv.addFormat(format, { type: "string", validate: (value: string) => checkStringFormat(format, value) });
    }
  }
  return ajv;
}

/** Compiles a clean elicitation JSON Schema with Ajv (uses `new Function`; needs `unsafe-eval` under CSP). */
export const compileAjvValidator: CompileContentValidator = (jsonSchema) => {
  const instance = getAjv();
  const check = instance.compile(jsonSchema);
  return {
    validate(content) {
      if (check(content)) return [];
      return (check.errors ?? []).map((error) => ({
        instancePath: error.instancePath,
        keyword: error.keyword,
        params: { ...error.params },
      }));
    },
    // Ajv keeps every compiled schema in its own cache keyed by the schema object; drop ours.
    dispose() {
      instance.removeSchema(jsonSchema);
    },
  };
};
