import { createFileInputs } from "./parseElicitationSchema";
import type { FileInputs } from "../types";

/**
 * The opt-in to file inputs (draft SEP-2356), given as the `fileInputs` option of
 * `createElicitationQueue`, `ElicitationDialog`, `ElicitationForm`, `useElicitationForm`,
 * `prepareElicitationRequest` or `parseElicitationSchema`: `x-mcp-file` properties become file
 * pickers whose value is a data: URI, and their annotation is checked. It brings the code that reads
 * them, which a page whose host does not import it never downloads.
 */
export const fileInputs: FileInputs = /* @__PURE__ */ createFileInputs();
