import {
  ALL_STATUSES,
  PAYMENT_STATES as ENTRY_PAYMENT_STATES,
  REGISTRANT_TYPES,
  SUBMISSION_TIMINGS,
} from "./entry-admin-list";
import { entryStatusLabelKey, isEntryStatus } from "./entry-status";
import { PAYMENT_METHODS, PAYMENT_STATES } from "./payment-state";
import { foldForSearch } from "./search-text";
import { VAT_REQUEST_STATES } from "./vat-invoice";

/**
 * An audit entry's summary (a small JSON object) as readable `key: value` lines for the
 * audit log page: nested objects flatten to `a.b`, arrays join with ", ", long values are cut.
 * A change is one line with its value before and after (`change`): an update's `[before,
 * after]` pair (`changes()`, in the actions of `AUDIT_CHANGE_ACTIONS`), a `{ from, to }`
 * object, and a transition's top-level `from` and `to` (`AUDIT_TRANSITIONS`).
 */
export interface SummaryPair {
  key: string;
  value: string;
  /** The value's items (a list's elements, a change's before and after), each as text. */
  parts: string[];
  /** A change's value before and after, each as text ("—" for none). */
  change?: { before: string; after: string };
}

const MAX_VALUE = 160;
const MAX_PAIRS = 20;

/**
 * The actions whose summary lists changed fields as `[before, after]` (written by `changes()`
 * or by hand for one field): there, a two-item list is a change, not a list of two.
 */
export const AUDIT_CHANGE_ACTIONS: ReadonlySet<string> = new Set<string>([
  "season.update",
  "season.makeCurrent",
  "season.correct",
  "settings.update",
  "track.update",
  "group.update",
  "category.update",
  "user.role",
  "user.deactivate",
  "user.reactivate",
  "registrant.licence",
] satisfies AuditAction[]);

/** Actions recording a move as top-level `from` and `to`: shown as one change of this field. */
export const AUDIT_TRANSITIONS: Readonly<Partial<Record<string, string>>> = {
  "entry.status": "status",
  "round.state": "state",
};

function text(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(text).join(", ");
  return JSON.stringify(value);
}

function cut(value: string): string {
  return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A `{ from, to }` object (a slug changed), nothing else in it. */
const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  isObject(value) && Object.keys(value).sort().join() === "from,to";

function changePair(key: string, before: unknown, after: unknown): SummaryPair {
  const change = { before: cut(text(before)), after: cut(text(after)) };
  return {
    key,
    value: `${change.before} → ${change.after}`,
    parts: [change.before, change.after],
    change,
  };
}

export function summaryPairs(summary: unknown, action = ""): SummaryPair[] {
  if (!isObject(summary)) {
    return summary === null || summary === undefined
      ? []
      : [{ key: "", value: cut(text(summary)), parts: [cut(text(summary))] }];
  }
  const pairs: SummaryPair[] = [];
  const changeLists = AUDIT_CHANGE_ACTIONS.has(action);
  let rest = summary;
  const transition = AUDIT_TRANSITIONS[action];
  if (transition && "from" in summary && "to" in summary) {
    const { from, to, ...others } = summary;
    pairs.push(changePair(transition, from, to));
    rest = others;
  }
  const walk = (object: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [key, value] of Object.entries(object)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (isFromTo(value)) {
        pairs.push(changePair(name, value.from, value.to));
      } else if (changeLists && depth === 0 && Array.isArray(value) && value.length === 2) {
        pairs.push(changePair(name, value[0], value[1]));
      } else if (isObject(value) && depth < 2) {
        walk(value, name, depth + 1);
      } else {
        const parts = Array.isArray(value) && value.length > 0 ? value.map(text) : [text(value)];
        pairs.push({ key: name, value: cut(text(value)), parts: parts.map(cut) });
      }
    }
  };
  walk(rest, "", 0);
  return pairs.length > MAX_PAIRS
    ? [
        ...pairs.slice(0, MAX_PAIRS),
        {
          key: "…",
          value: `+${pairs.length - MAX_PAIRS}`,
          parts: [`+${pairs.length - MAX_PAIRS}`],
        },
      ]
    : pairs;
}

/**
 * Every action the audit log records (`audit.record`'s type, so a new one cannot be recorded
 * without being listed here) and every kind of record it names. Each has a label in both
 * languages under `adminPlatform.audit.actions.*` and `adminPlatform.audit.types.*`
 * (audit-summary.test.ts checks both catalogues and the record calls in server/ and web/).
 */
export const AUDIT_ACTIONS = [
  "media.upload",
  "news.create",
  "news.update",
  "news.publish",
  "news.unpublish",
  "news.delete",
  "jury.create",
  "jury.update",
  "jury.reorder",
  "jury.delete",
  "winner.create",
  "winner.update",
  "winner.delete",
  "page.update",
  "document.create",
  "document.replace",
  "document.delete",
  "season.update",
  "season.create",
  "season.makeCurrent",
  "season.correct",
  "season.delete",
  "track.create",
  "track.update",
  "track.move",
  "track.delete",
  "group.create",
  "group.update",
  "group.move",
  "group.delete",
  "category.create",
  "category.update",
  "category.move",
  "category.delete",
  "user.invite",
  "user.reinvite",
  "user.role",
  "user.deactivate",
  "user.reactivate",
  "registrant.licence",
  "settings.update",
  "mail.retryNow",
  "entry.status",
  "entry.deleteDraft",
  "payment.confirm",
  "payment.topUp",
  "payment.refund",
  "payment.release",
  "payment.attentionHandled",
  "payment.statement",
  "payment.vatIssued",
  "judge.create",
  "judge.codeIssue",
  "judge.codeRevoke",
  "judge.exclude",
  "judge.unexclude",
  "round.create",
  "round.update",
  "round.state",
  "round.criteria",
  "round.assign",
  "round.unassign",
  "round.advance",
  "prize.set",
  "winners.publish",
  "library.publish",
  "library.unpublish",
  "entries.export",
  "registrants.export",
  "payments.export",
  "vat.export",
  "round.export",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  "media",
  "news",
  "jury_member",
  "winner",
  "content_page",
  "document",
  "season",
  "track",
  "group",
  "category",
  "user",
  "settings",
  "mail",
  "entry",
  "payment",
  "judge",
  "round",
  "prize",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The i18n key of an action's label (`news.create` → `adminPlatform.audit.actions.news.create`). */
export function auditActionLabelKey(action: string): string {
  return `adminPlatform.audit.actions.${action}`;
}

/** The i18n key of a record kind's label. */
export function auditTypeLabelKey(type: string): string {
  return `adminPlatform.audit.types.${type}`;
}

/**
 * The actions and kinds of record whose label contains what was typed, marks and case ignored
 * both ways (`foldForSearch`): the log's search finds what its page shows ("Xoá hạng mục",
 * "xoa hang muc"), not only the stored codes. `label` is the reader's catalogue (a key's
 * text, or undefined).
 */
export function auditCodesLabelled(
  search: string,
  label: (key: string) => string | undefined,
): { actions: AuditAction[]; targetTypes: AuditTargetType[] } {
  const typed = foldForSearch(search);
  const matches = (key: string) => {
    const text = label(key);
    return typed !== "" && text !== undefined && foldForSearch(text).includes(typed);
  };
  return {
    actions: AUDIT_ACTIONS.filter((action) => matches(auditActionLabelKey(action))),
    targetTypes: AUDIT_TARGET_TYPES.filter((type) => matches(auditTypeLabelKey(type))),
  };
}

/** The kinds of record named in their audit entries, not by a record that may since be gone. */
const SELF_NAMED_TARGETS: ReadonlySet<string> = new Set(["track", "group", "category"]);

/**
 * What the audit log names a tree node by (a track, group or category): the name and season
 * year its entry recorded, as they were then ("TVC · Chiến dịch (2027)"). Older entries that
 * only kept the Vietnamese name (a delete's `nameVi`) still read by it; null when the entry
 * names nothing.
 */
export function auditTargetName(type: string, summary: unknown): string | null {
  if (!SELF_NAMED_TARGETS.has(type) || !isObject(summary)) return null;
  const named = [summary.name, summary.nameVi].find(
    (value): value is string => typeof value === "string" && value !== "",
  );
  if (!named) return null;
  return typeof summary.year === "number" ? `${named} (${summary.year})` : named;
}

/** The fields whose value differs, `{ field: [before, after] }`: an update's audit summary. */
export function changes<T extends object>(before: T, after: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      out[String(key)] = [before[key], after[key]];
    }
  }
  return out;
}

/** A filter's coded values and the i18n key prefix naming each, as the export's page does. */
type CodeLabels = { values: readonly string[]; prefix: string };

/**
 * The coded filter values of each export (its summary's `filter`, `filters.` left out), by
 * field: the labels the list pages show in their filters.
 */
const EXPORT_FILTER_LABELS: Partial<Record<AuditAction, Record<string, CodeLabels>>> = {
  "entries.export": {
    payment: { values: ENTRY_PAYMENT_STATES, prefix: "entryAdmin.payment" },
    type: { values: REGISTRANT_TYPES, prefix: "entryAdmin.type" },
    submitted: { values: SUBMISSION_TIMINGS, prefix: "entryAdmin.timing" },
  },
  "registrants.export": {
    type: { values: REGISTRANT_TYPES, prefix: "registration.fields.type" },
  },
  "payments.export": {
    state: { values: PAYMENT_STATES, prefix: "paymentAdmin.state" },
    method: { values: PAYMENT_METHODS, prefix: "paymentAdmin.method" },
  },
  "vat.export": {
    state: { values: VAT_REQUEST_STATES, prefix: "paymentAdmin.vat.state" },
  },
};

/**
 * The i18n key naming a coded value of an export's filter in the audit log, in the words the
 * export's page uses for it (`entries.export`'s `filter.filters.status` `all` → "All
 * (including drafts)"); null for what is shown as it is (a search, a year, a catalogue id).
 * `key` is the summary pair's key (`summaryPairs`).
 */
export function exportFilterValueKey(action: string, key: string, value: string): string | null {
  const [top, ...rest] = key.split(".");
  if (top !== "filter") return null;
  const field = rest.filter((part) => part !== "filters").join(".");
  if (action === "entries.export" && field === "status") {
    if (value === ALL_STATUSES) return "entryAdmin.filters.allWithDrafts";
    return isEntryStatus(value) ? entryStatusLabelKey(value) : null;
  }
  const labels = EXPORT_FILTER_LABELS[action as AuditAction]?.[field];
  return labels?.values.includes(value) ? `${labels.prefix}.${value}` : null;
}
