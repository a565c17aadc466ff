// File sizes in the person's language: decimal units (1 MB = 1,000,000 bytes, as `maxSize` counts
// and as file managers show them), the number and unit worded by Intl.NumberFormat.

const UNITS = [
  [1e9, "gigabyte"],
  [1e6, "megabyte"],
  [1e3, "kilobyte"],
] as const;

/** "2.5 MB", "2,5 MB", "2.5 MB" (ja), "512 byte" → "512 B"… in `locale` (undefined: the runtime's). */
export function formatFileSize(bytes: number, locale?: string): string {
  const [size, unit] = UNITS.find(([step]) => bytes >= step) ?? [1, "byte"];
  const options = { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 } as const;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, options);
  } catch {
    format = new Intl.NumberFormat(undefined, options);
  }
  return format.format(bytes / size);
}
