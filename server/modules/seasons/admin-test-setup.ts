import { afterAll, beforeAll, beforeEach } from "vitest";
import { categorySchema } from "../../../core/season-admin";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoData } from "../../demo/demo-data";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import type { TestDatabase } from "../../test-support/databases";
import type { Actor } from "../audit/service";

/** The moment the seasons back-office tests run at (the demo data's 2026 season is open). */
export const NOW = new Date("2026-09-01T03:00:00.000Z");

/** The admin the operations record in the audit log. */
export const ADMIN: Actor = { id: "admin-1", email: "admin@vanxuan.example", ip: "203.0.113.7" };

/** A new category as the form posts it, through the core schema. */
export const category = (over: Record<string, unknown> = {}) =>
  categorySchema.parse({
    slug: "chien-dich-moi",
    code: "NEW",
    nameVi: "Chiến dịch mới",
    nameEn: "New campaign",
    feeVnd: "3.300.000",
    earlyBirdFeeVnd: "2.750.000",
    lateFeeVnd: "",
    videoRequired: "on",
    allowIndividual: undefined,
    allowEnterprise: "on",
    ...over,
  });

/**
 * A demo-seeded database for one suite, with fresh services (and a count of `onChange`
 * calls) before each test. Call inside `describe.skipIf(!target.available)`.
 */
export function seasonsAdminFixture(target: TestDatabase) {
  const fixture = {
    db: undefined as unknown as Db,
    services: undefined as unknown as Services,
    changes: 0,
  };
  beforeAll(async () => {
    fixture.db = await target.open();
    await migrateToLatest(fixture.db);
    await seedDemoData(fixture.db, NOW);
  });
  beforeEach(() => {
    fixture.changes = 0;
    fixture.services = createServices(fixture.db, testConfig(), {
      onContentChange: () => fixture.changes++,
      clock: () => NOW,
    });
  });
  afterAll(() => target.cleanup());
  return fixture;
}
