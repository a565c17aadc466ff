import { z } from "zod";

/**
 * Matches `elicitation/create` by method only: the SDK's ElicitRequestSchema would drop keys it does
 * not model (such as `pattern`) before the handler sees them. The SDK still checks the request first.
 */
export const ElicitRequestAsSent = z.object({ method: z.literal("elicitation/create"), params: z.record(z.string(), z.unknown()) });
