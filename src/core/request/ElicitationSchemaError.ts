/**
 * An `elicitation/create` request the client must refuse.
 *
 * `code`, `message` and `data` are own properties on purpose: the MCP SDK (v1) turns an error thrown
 * from a request handler into a JSON-RPC error by copying exactly these three, so throwing this from
 * `setRequestHandler(ElicitRequestSchema, …)` answers the server with -32602 (invalid params).
 */
export class ElicitationSchemaError extends Error {
  /** JSON-RPC "invalid params". */
  readonly code = -32602;
  /** Where in `params` the problem is, e.g. `requestedSchema.properties.age.minimum`. */
  readonly path: string;
  /** What is wrong there, in words, without the path. */
  readonly reason: string;
  readonly data: { path: string; reason: string };

  constructor(path: string, reason: string) {
    super(`Invalid elicitation request at ${path}: ${reason}`);
    this.name = "ElicitationSchemaError";
    this.path = path;
    this.reason = reason;
    this.data = { path, reason };
  }
}
