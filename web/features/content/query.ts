/** Page numbers from a query string: anything but a positive integer is page 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}
