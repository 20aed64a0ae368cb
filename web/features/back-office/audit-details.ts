import type { i18n as I18n, TFunction } from "i18next";
import { exportFilterValueKey, summaryPairs, type SummaryPair } from "../../../core/audit-summary";
import { formatBytes } from "../../../core/bytes";
import { formatDate, formatVietnamDateTime, formatVnd } from "../../../core/dates";
import { entryStatusLabelKey, isEntryStatus } from "../../../core/entry-status";
import { DEFAULT_CRITERIA } from "../../../core/judging-criteria";
import { localeOf, type Lang } from "../../../core/languages";

/**
 * An audit entry's summary in the reader's words, one line per field: the field by the label
 * the page it was changed on gives it (a season's dates as the seasons form names them), a
 * value as staff read it elsewhere (a date DD/MM/YYYY HH:mm in Vietnam time, money in VND in the
 * reader's format, a status, role or prize by its name), and a change as "before → after".
 */
export interface AuditDetail {
  /** The summary's key (`slugVi`, `filter.filters.status`), for React's list key. */
  key: string;
  label: string;
  /** The value as text; for a change, "before → after". */
  value: string;
  change?: { before: string; after: string };
}

/** A stored instant (ISO, UTC): shown as DD/MM/YYYY HH:mm in Vietnam time. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** A stored day (an export's date filter): shown as DD/MM/YYYY. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** What summaries write for "none". */
const NONE = "—";

/**
 * Where a field's label is looked up first, by action: the form the change was made in, so the
 * log names a field as the person who changed it read it. Then `adminPlatform.audit.fields`.
 */
const FORM_LABELS: [test: (action: string) => boolean, prefix: string][] = [
  [(a) => a.startsWith("season."), "adminPlatform.seasons.fields"],
  [(a) => a === "settings.update", "adminPlatform.settings.fields"],
  [(a) => /^(track|group|category)\.(create|update)$/.test(a), "adminPlatform.fields"],
];

/** An export's filter fields, labelled as the list page they were set on labels them. */
const FILTER_LABELS: Partial<Record<string, string>> = {
  "entries.export": "entryAdmin.filters",
  "registrants.export": "registrantsAdmin.filters",
  "payments.export": "paymentAdmin.filters",
};
/** Filter fields whose list page labels them with a whole sentence: the log's short word. */
const FILTER_OWN_LABELS = new Set(["q"]);

/** Fields whose coded values are named elsewhere in the catalogue: `field → key prefix`. */
const CODE_LABELS: Partial<Record<string, string>> = {
  prize: "winners.prize",
  role: "admin.roles",
  roles: "admin.roles",
  lang: "adminPlatform.audit.values.languages",
  kind: "adminPlatform.audit.values",
  purpose: "adminPlatform.audit.values.purposes",
  direction: "adminPlatform.audit.values.directions",
  chatProvider: "adminPlatform.settings.chatProviders",
  closes: "adminPlatform.audit.values.attention",
};

/** A content page's key (`page.update`) → its name under `adminContent.pages.names`. */
const PAGE_NAMES: Partial<Record<string, string>> = {
  "award-introduction": "intro",
  "track:van-xuan": "vanXuan",
  "track:van-xuan-classic": "vanXuanClassic",
  "track:van-xuan-stars": "vanXuanStars",
};

export function auditDetails(
  { t, i18n }: { t: TFunction; i18n: I18n },
  lang: Lang,
  action: string,
  summary: unknown,
): AuditDetail[] {
  const has = (key: string) => i18n.exists(key);
  const locale = localeOf(lang);

  // One part of a field's key (`filters` is only the list query's nesting, left out).
  const partLabel = (part: string, underFilter: boolean): string => {
    if (part === "…") return part;
    const candidates: string[] = [];
    const filterPrefix = FILTER_LABELS[action];
    if (underFilter && filterPrefix && !FILTER_OWN_LABELS.has(part)) {
      candidates.push(`${filterPrefix}.${part}`);
    }
    for (const [test, prefix] of FORM_LABELS)
      if (test(action)) candidates.push(`${prefix}.${part}`);
    candidates.push(`adminPlatform.audit.fields.${part}`);
    const found = candidates.find(has);
    if (found) return t(found);
    // Counts by status ("moved.winner") are labelled by the status's name.
    if (isEntryStatus(part)) return t(entryStatusLabelKey(part));
    return part;
  };
  const fieldLabel = (key: string): string => {
    const parts = key.split(".").filter((part) => part !== "filters");
    return parts.map((part, i) => partLabel(part, i > 0 && parts[0] === "filter")).join(" › ");
  };

  // A status, by what the action moves: an entry, a round or an article.
  const statusKey = (field: string, value: string): string | null => {
    if (field === "state" || action.startsWith("round.")) return `judgingAdmin.state.${value}`;
    if (action.startsWith("news.")) return `adminNews.status.${value}`;
    return isEntryStatus(value) ? entryStatusLabelKey(value) : null;
  };

  // The i18n key naming a coded value, or null when the value is shown as it is.
  const codeKey = (key: string, field: string, value: string): string | null => {
    const filterKey = exportFilterValueKey(action, key, value);
    if (filterKey) return filterKey;
    if (field === "status" || field === "state") return statusKey(field, value);
    if (field === "method" && action.startsWith("round.")) return `judgingAdmin.method.${value}`;
    if (field === "attention" && value === "open") return "adminPlatform.audit.values.yes";
    if (field === "key" && action === "page.update") {
      const name = PAGE_NAMES[value];
      return name ? `adminContent.pages.names.${name}` : null;
    }
    const prefix = CODE_LABELS[field];
    return prefix ? `${prefix}.${value}` : null;
  };

  // One item of a value in the reader's terms.
  const itemText = (key: string, value: string): string => {
    if (value === NONE) return value;
    const field = key.split(".").at(-1) ?? "";
    const code = codeKey(key, field, value);
    if (code && has(code)) return t(code);
    if (ISO_INSTANT.test(value)) return formatVietnamDateTime(value);
    if (ISO_DAY.test(value) && !Number.isNaN(Date.parse(value))) return formatDate(value, lang);
    if (value === "true" || value === "false") {
      return t(`adminPlatform.audit.values.${value === "true" ? "yes" : "no"}`);
    }
    const number = /^-?\d+$/.test(value) ? Number(value) : null;
    if (number !== null && /Vnd$/.test(field)) return formatVnd(number, lang);
    if (number !== null && field === "bytes") return formatBytes(number, locale);
    if (field === "rule") {
      // `top 5`: each category's best five went on; `≥ 7`: every entry scoring 7 or more.
      const top = /^top (\d+)$/.exec(value);
      if (top) return t("adminPlatform.audit.values.ruleTop", { count: Number(top[1]) });
      const threshold = /^≥ (-?\d+(?:\.\d+)?)$/.exec(value);
      if (threshold) {
        const score = Number(threshold[1]).toLocaleString(locale);
        return t("adminPlatform.audit.values.ruleThreshold", { score });
      }
    }
    if (field === "format") return value.toUpperCase();
    return value;
  };

  const detailOf = (pair: SummaryPair): AuditDetail => {
    const label = fieldLabel(pair.key);
    if (pair.change) {
      const change = {
        before: itemText(pair.key, pair.change.before),
        after: itemText(pair.key, pair.change.after),
      };
      return { key: pair.key, label, value: `${change.before} → ${change.after}`, change };
    }
    const items = pair.parts.map((part) => itemText(pair.key, part));
    // Items that hold commas themselves (criteria's names) are told apart by semicolons.
    const separator = items.some((item) => item.includes(",")) ? "; " : ", ";
    return { key: pair.key, label, value: items.join(separator) };
  };

  return summaryPairs(inReadersTerms(t, lang, action, summary), action).map(detailOf);
}

/**
 * What a summary holds that only makes sense taken apart first: a round's criteria, recorded
 * with both names and a weight each (or, in older entries, as `key×weight, …`), as the
 * criterion's name in the reader's language and its weight.
 */
function inReadersTerms(t: TFunction, lang: Lang, action: string, summary: unknown): unknown {
  if (action !== "round.criteria" || summary === null || typeof summary !== "object") {
    return summary;
  }
  const { criteria, ...rest } = summary as Record<string, unknown>;
  const named = (name: string, weight: unknown) =>
    t("adminPlatform.audit.values.criterion", { name, weight: String(weight) });
  const listed: unknown[] = Array.isArray(criteria)
    ? criteria
    : typeof criteria === "string"
      ? criteria.split(", ")
      : [];
  return {
    criteria: listed.map((item) => {
      if (item !== null && typeof item === "object") {
        const c = item as { vi?: unknown; en?: unknown; weight?: unknown };
        return named(String((lang === "en" ? c.en : c.vi) ?? c.vi ?? ""), c.weight);
      }
      const old = /^([a-zA-Z][a-zA-Z0-9]*)×(\d+)$/.exec(String(item));
      if (!old) return String(item);
      const known = DEFAULT_CRITERIA.find((c) => c.key === old[1]);
      return named(known ? known.name[lang] : old[1]!, old[2]);
    }),
    ...rest,
  };
}
