import type { ValidationIssue } from "../types";

/**
 * What a check found, before anyone words it: converting a form's values, the engines and the
 * pattern tester report these; the check words them once, in the host's messages.
 */
export type FoundIssue = Omit<ValidationIssue, "message">;
