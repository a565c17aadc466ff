import type { Control } from "react-hook-form";
import type { FormValues } from "../core/types";
import type { KnownDataUri } from "../core/values/dataUri";

// The data: URIs a form's file fields built from files, kept with the form (react-hook-form's
// resolver `context`, which the form hook creates), so that the field, the review and the check
// judge them by what was learnt as they were read, never by reading millions of characters again.

/** What the form hook passes as react-hook-form's `context`. */
export interface KnownFilesContext {
  /** By field key: the last data: URI built for that field. */
  knownFiles: Map<string, KnownDataUri>;
}

/** A fresh context for a form. */
export const knownFilesContext = (): KnownFilesContext => ({ knownFiles: new Map() });

/** The form's record of built data: URIs, if it keeps one (a form made by the form hook does). */
export function knownFilesOf(control: Control<FormValues>): Map<string, KnownDataUri> | undefined {
  return knownFilesIn(control._options.context);
}

/** The record kept in a form's react-hook-form `context`, which the resolver is handed. */
export function knownFilesIn(context: unknown): Map<string, KnownDataUri> | undefined {
  const files = (context as Partial<KnownFilesContext> | null | undefined)?.knownFiles;
  return files instanceof Map ? files : undefined;
}
