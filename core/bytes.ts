/**
 * A readable file size in the reader's number format: `1,5 MB` (vi-VN), `820 KB`, `1.5 MB`
 * (en-GB). Binary units (1 KB = 1024 bytes) as operating systems show them; one decimal from
 * a megabyte up while the number is below 100, whole numbers otherwise.
 */
export function formatBytes(bytes: number, locale: string): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit >= 2 && value < 100 ? 1 : 0;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}
