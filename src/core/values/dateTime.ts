// `<input type="datetime-local">` speaks local wall-clock time without an offset; the protocol's
// `format: "date-time"` is RFC 3339 with an offset. These two convert between them.

import { inRange, pad, RFC3339, utcMillis } from "./rfc3339ToLocalInput";

export { rfc3339ToLocalInput } from "./rfc3339ToLocalInput";

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * A `datetime-local` value ("2025-01-01T12:00", seconds optional) as RFC 3339 with seconds and the
 * local offset in force on THAT date ("2025-01-01T12:00:00+01:00", "2025-07-01T12:00:00+02:00").
 * Never "Z": the user typed local time. Undefined when the value is not a valid local date-time.
 */
export function localInputToRfc3339(value: string): string | undefined {
  const match = LOCAL_INPUT.exec(value);
  if (match === null) return undefined;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const s = match[6] === undefined ? 0 : Number(match[6]);
  if (!inRange(h, mi, s)) return undefined;
  const wall = utcMillis(y, mo, d, h, mi, s);
  if (wall === undefined) return undefined;
  const local = new Date(0);
  local.setFullYear(y, mo - 1, d);
  local.setHours(h, mi, s, 0);
  // Offset = wall clock minus the instant. For a time skipped by a DST jump (02:30 on the spring-forward
  // night) the engine picks the instant after the jump; the offset computed this way still names that
  // same instant while keeping the time the user typed.
  const offsetMinutes = Math.round((wall - local.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${pad(s)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The same instant in UTC with "Z" ("2025-01-01T11:00:00Z", 20 characters), for schemas whose
 * `maxLength` leaves no room for an offset. Undefined when `rfc3339` is not a date-time.
 */
export function toUtcRfc3339(rfc3339: string): string | undefined {
  const match = RFC3339.exec(rfc3339);
  if (match === null) return undefined;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const s = match[6] === undefined ? 0 : Number(match[6]);
  const wall = utcMillis(y, mo, d, h, mi, Math.min(s, 59));
  if (wall === undefined) return undefined;
  const offsetMinutes = match[8] === undefined ? 0 : (match[8] === "-" ? -1 : 1) * (Number(match[9]) * 60 + Number(match[10]));
  const utc = new Date(wall - offsetMinutes * 60_000);
  const year = utc.getUTCFullYear();
  if (year < 0 || year > 9999) return undefined;
  return (
    `${pad(year, 4)}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}` +
    `T${pad(utc.getUTCHours())}:${pad(utc.getUTCMinutes())}:${pad(utc.getUTCSeconds())}Z`
  );
}

/**
 * A date-time written to fit `minLength`/`maxLength`: the local offset form when it fits, else the
 * UTC "Z" form, each padded with zero fractions of a second when the schema asks for more
 * characters. Undefined when no spelling of the instant fits.
 */
export function fitDateTime(rfc3339: string, minLength = 0, maxLength = Infinity): string | undefined {
  const utc = toUtcRfc3339(rfc3339);
  for (const candidate of utc === undefined ? [rfc3339] : [rfc3339, utc]) {
    if (candidate.length >= minLength && candidate.length <= maxLength) return candidate;
    if (candidate.length < minLength) {
      // "12:00:00" + "." + at least one digit + the offset.
      const digits = Math.max(1, minLength - candidate.length - 1);
      if (candidate.length + 1 + digits > maxLength) continue;
      return candidate.replace(/^(.{19})/, `$1.${"0".repeat(digits)}`);
    }
  }
  return undefined;
}
