// An RFC 3339 date-time as the value a `datetime-local` input starts from: what a form needs to
// draw. The way back, for the answer, is in dateTime.ts and loads with the validation engine.

export const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([Zz]|([+-])(\d{2}):(\d{2}))$/;

export const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Calendar and clock ranges; the date itself is checked by a UTC round trip below. */
export function inRange(hour: number, minute: number, second: number): boolean {
  return hour <= 23 && minute <= 59 && second <= 59;
}

/** A leap second (":60", valid RFC 3339 when it falls at 23:59:60 UTC). */
const LEAP_SECOND = 60;

/** Milliseconds since the epoch of a wall-clock time read as UTC, or undefined if no such date. */
export function utcMillis(y: number, mo: number, d: number, h: number, mi: number, s: number): number | undefined {
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, 0);
  const valid = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return valid ? date.getTime() : undefined;
}

/**
 * An RFC 3339 date-time ("2025-01-01T11:00:00Z") as a `datetime-local` value in the runtime's time
 * zone ("2025-01-01T12:00" in Paris; ":ss" only when the seconds are not zero).
 * A leap second shows as ":59", the last second the input can hold (the form sends the default
 * itself while it is left unchanged, see formValues.ts).
 * Returns "" when the value is not a date-time, so the input simply starts empty.
 */
export function rfc3339ToLocalInput(value: string): string {
  const match = RFC3339.exec(value);
  if (match === null) return "";
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const typed = match[6] === undefined ? 0 : Number(match[6]);
  const s = typed === LEAP_SECOND ? 59 : typed;
  if (!inRange(h, mi, s)) return "";
  const wall = utcMillis(y, mo, d, h, mi, s);
  if (wall === undefined) return "";
  const offsetMinutes = match[8] === undefined ? 0 : (match[8] === "-" ? -1 : 1) * (Number(match[9]) * 60 + Number(match[10]));
  const local = new Date(wall - offsetMinutes * 60_000);
  const year = local.getFullYear();
  if (year < 0 || year > 9999) return "";
  const seconds = local.getSeconds();
  return (
    `${pad(year, 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}` +
    `T${pad(local.getHours())}:${pad(local.getMinutes())}${seconds === 0 ? "" : `:${pad(seconds)}`}`
  );
}
