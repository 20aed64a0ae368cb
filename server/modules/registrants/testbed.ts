import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import type { RegistrantType } from "../../../core/registration";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoData } from "../../demo/demo-data";
import { closeAndSettle, type TestDatabase } from "../../test-support/databases";
import { createAuditService } from "../audit/service";
import { createRegistrantsService, type RegistrantsService } from "./service";

/** Inside the demo 2026 season. */
export const NOW = new Date("2026-09-01T03:00:00.000Z");

/** Every registrant a test adds has an address at this domain: searching it scopes a test. */
export const DOMAIN = "thi-sinh.test";

export interface RegistrantSeed {
  email: string;
  type: RegistrantType;
  fullName: string;
  companyName?: string;
  taxCode?: string;
  phone?: string;
  createdAt?: string;
  verified?: boolean;
}

export interface RegistrantsTestbed {
  db: Db;
  registrants: RegistrantsService;
  /** Adds an account with its registrant profile; returns the account id. */
  add(seed: RegistrantSeed): Promise<string>;
  /** Adds an entry of `userId` in the season of `year`; returns its id. */
  entry(
    userId: string,
    year: number,
    fields?: { code?: string; title?: string; status?: string },
  ): Promise<string>;
}

/**
 * A fresh database with the demo seasons (2023–2026), and helpers that write registrants and
 * entries straight into it (the registrants module only reads them). One per describe.
 */
export function registrantsTestbed(target: TestDatabase): RegistrantsTestbed {
  const t = {
    async add(seed: RegistrantSeed) {
      const id = randomUUID();
      const at = seed.createdAt ?? NOW.toISOString();
      await t.db.kysely
        .insertInto("user")
        .values({
          id,
          name: seed.fullName,
          email: seed.email,
          emailVerified: seed.verified === false ? 0 : 1,
          image: null,
          createdAt: at,
          updatedAt: at,
          role: "entrant",
          lang: "vi",
          active: 1,
        })
        .execute();
      await t.db.kysely
        .insertInto("registrants")
        .values({
          user_id: id,
          type: seed.type,
          full_name: seed.fullName,
          phone: seed.phone ?? "+84901234567",
          address: "12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội",
          personal_id: null,
          company_name: seed.companyName ?? null,
          business_registration_number: seed.taxCode ?? null,
          tax_code: seed.taxCode ?? null,
          licence_file_id: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return id;
    },
    async entry(
      userId: string,
      year: number,
      fields: { code?: string; title?: string; status?: string } = {},
    ) {
      const season = await t.db.kysely
        .selectFrom("seasons")
        .select("id")
        .where("year", "=", year)
        .executeTakeFirstOrThrow();
      const id = randomUUID();
      const at = NOW.toISOString();
      await t.db.kysely
        .insertInto("entries")
        .values({
          id,
          owner_user_id: userId,
          season_id: season.id,
          track_id: null,
          category_id: null,
          code: fields.code ?? null,
          status: fields.status ?? "submitted",
          brand_name: "Trà Xanh",
          campaign_name: fields.title ?? "Tết sum vầy",
          description_vi: "",
          description_en: "",
          start_month: null,
          start_year: null,
          end_month: null,
          end_year: null,
          video_link: "",
          credits: JSON.stringify({ companies: [], people: [] }),
          version: 1,
          created_at: at,
          updated_at: at,
          submitted_at: at,
          withdrawn_at: null,
          changes_due_at: null,
        })
        .execute();
      return id;
    },
  } as RegistrantsTestbed;

  beforeAll(async () => {
    t.db = await target.open();
    await migrateToLatest(t.db);
    await seedDemoData(t.db, NOW);
    t.registrants = createRegistrantsService(t.db, {
      audit: createAuditService(t.db, () => NOW),
      clock: () => NOW,
    });
  }, 60_000);
  afterAll(async () => {
    await closeAndSettle(t.db);
    await target.cleanup();
  });
  return t;
}
