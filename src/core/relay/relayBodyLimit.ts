import { resolveElicitationLimits, type ElicitationLimits } from "../request/limits";
import type { FileInputs } from "../types";

/** Room for the envelope, keys, numbers, booleans and choices of a form. */
const BASE_BYTES = 64 * 1024;
/** Files of the largest size one answer may carry in full; more need the relay's `maxBodyBytes`. */
const FILES_PER_ANSWER = 4;

/**
 * The largest `POST` body the relay reads, in bytes, derived from the limits a request is prepared
 * under: every field's text at its longest (`maxStringLength`, three UTF-8 bytes a character), and
 * with file inputs four files at `maxFileSize` as base64 data: URIs. Reading stops there (413).
 */
export function relayBodyLimit(limits?: Partial<ElicitationLimits>, fileInputs?: FileInputs | false): number {
  const resolved = resolveElicitationLimits(limits);
  const text = resolved.maxProperties * resolved.maxStringLength * 3;
  const files = fileInputs ? FILES_PER_ANSWER * (Math.ceil((resolved.maxFileSize * 4) / 3) + 1024) : 0;
  const total = BASE_BYTES + text + files;
  return Number.isFinite(total) ? total : Number.MAX_SAFE_INTEGER;
}
