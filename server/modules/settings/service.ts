import { changes } from "../../../core/audit-summary";
import {
  DEFAULT_PAYMENT_SETTINGS,
  settingsToForm,
  siteSettingsSchema,
  type SiteSettings,
} from "../../../core/site-settings";
import type { Kysely } from "kysely";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { createAuditService, type Actor, type AuditService } from "../audit/service";

/** Settings are stored one row per top-level key, each value JSON, validated on read and write. */
export type SettingsService = ReturnType<typeof createSettingsService>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  currentSeasonYear: 2026,
  contactEmail: "contact@example.org",
  contactPhone: "",
  social: { website: "", email: "", facebook: "", youtube: "", linkedin: "", tiktok: "" },
  chatWidget: { provider: "none", accountId: "" },
  seo: {
    vi: { title: "", description: "", image: "" },
    en: { title: "", description: "", image: "" },
  },
  payments: DEFAULT_PAYMENT_SETTINGS,
};

/** Other app processes may change settings; a short cache keeps reads cheap and still fresh. */
const CACHE_MS = 5_000;

export function createSettingsService(
  db: Db,
  onChange: () => void,
  audit: AuditService = createAuditService(db),
) {
  let cached: { settings: SiteSettings; at: number } | null = null;

  async function read(q: Kysely<Database> = db.kysely): Promise<SiteSettings> {
    const rows = await q.selectFrom("site_settings").select(["key", "value"]).execute();
    const stored: Record<string, unknown> = {};
    for (const row of rows) {
      try {
        stored[row.key] = JSON.parse(row.value);
      } catch {
        // A hand-edited, unreadable value falls back to its default rather than taking the site down.
      }
    }
    // Each key is checked on its own: one unreadable value falls back alone, not all settings.
    const settings: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
    const shape = siteSettingsSchema.shape;
    for (const key of Object.keys(shape) as (keyof SiteSettings)[]) {
      if (!(key in stored)) continue;
      const parsed = shape[key].safeParse(stored[key]);
      if (parsed.success) {
        settings[key] = parsed.data;
        continue;
      }
      // A group (the social links) with one value the rules no longer accept — a
      // `javascript:` link saved before links were checked — keeps its other values.
      const value = stored[key];
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
        const kept = Object.fromEntries(
          Object.entries(value).filter(([field]) => !refused.has(field)),
        );
        const retried = shape[key].safeParse(kept);
        if (retried.success) settings[key] = retried.data;
      }
    }
    return siteSettingsSchema.parse(settings);
  }

  return {
    /**
     * The current settings. Within a transaction, pass it: on SQLite a read outside it would
     * wait for it to end.
     */
    async get(within?: Kysely<Database>): Promise<SiteSettings> {
      if (!cached || Date.now() - cached.at > CACHE_MS)
        cached = { settings: await read(within), at: Date.now() };
      return cached.settings;
    },

    /**
     * Validates the whole result with the core schema before anything is written. Settings
     * reach every public page (footer, chat, meta), so `onChange` clears the HTML cache. Given
     * the acting admin, the audit entry lists the form fields that changed.
     */
    async update(patch: Partial<SiteSettings>, actor?: Actor): Promise<SiteSettings> {
      const before = await read();
      const next = siteSettingsSchema.parse({ ...before, ...patch });
      const now = new Date().toISOString();
      await db.kysely.transaction().execute(async (trx) => {
        for (const key of Object.keys(patch) as (keyof SiteSettings)[]) {
          const value = JSON.stringify(next[key]);
          await trx
            .insertInto("site_settings")
            .values({ key, value, updated_at: now })
            .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
            .execute();
        }
      });
      cached = null;
      onChange();
      if (actor) {
        await audit.record(
          actor,
          "settings.update",
          { type: "settings", id: "site" },
          changes(settingsToForm(before), settingsToForm(next)),
        );
      }
      return next;
    },

    /** Forgets the cached copy (another process may have written). */
    invalidate(): void {
      cached = null;
    },
  };
}
