import type { AuditService } from "../audit/service";

/** What an export records its download with (every export is audited: it carries people out). */
export type ExportAudit = Pick<AuditService, "record">;

/**
 * An export's audit summary: the file's format, how many rows left the platform and the filter
 * that chose them (only what was set; paging and sorting say nothing about who is in the file).
 */
export function exportSummary(
  format: string,
  rows: number,
  filter: object,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const set = Object.entries(filter).filter(
    ([key, value]) =>
      !["page", "pageSize", "sort", "dir", "direction"].includes(key) &&
      value !== null &&
      value !== undefined &&
      value !== "" &&
      !(typeof value === "object" && Object.keys(value as object).length === 0),
  );
  return { format, rows, ...extra, ...(set.length > 0 ? { filter: Object.fromEntries(set) } : {}) };
}
