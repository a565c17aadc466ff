import type { Control } from "react-hook-form";
import type { FormValues } from "../core/types";
import type { KnownDataUri, KnownDataUris } from "../core/values/dataUri";

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
  return filesIn(control._options.context);
}

/**
 * The lookup the check, the field and the review use: the record of `key` when `value` is the very
 * string built (the same string, so comparing them reads no character).
 */
export function knownDataUris(context: unknown): KnownDataUris {
  const files = filesIn(context);
  return (key, value) => {
    const known = files?.get(key);
    return known !== undefined && known.uri.length === value.length && known.uri === value ? known : undefined;
  };
}

/** knownDataUris for the form of `control`. */
export const knownInForm = (control: Control<FormValues>): KnownDataUris => knownDataUris(control._options.context);

function filesIn(context: unknown): Map<string, KnownDataUri> | undefined {
  const files = (context as Partial<KnownFilesContext> | null | undefined)?.knownFiles;
  return files instanceof Map ? files : undefined;
}
