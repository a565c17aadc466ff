// The params of `elicitation/create` exactly as a server sent them, as a Standard Schema (what SDK v2's
// `setRequestHandler(method, { params }, handler)` takes): the SDKs' own schemas drop keys they do not
// model, `pattern` among them. Any object passes; the library's own checks come after.
type Params = Record<string, unknown>;

export const paramsAsSent = {
  "~standard": {
    version: 1 as const,
    vendor: "react-mcp-elicitation",
    validate: (value: unknown) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? { value: value as Params }
        : { issues: [{ message: "elicitation/create params must be an object" }] },
    types: undefined as unknown as { input: Params; output: Params },
  },
};
