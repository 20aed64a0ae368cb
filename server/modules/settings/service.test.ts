import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { migrateToLatest, type Db } from "../../db/database";
import { DEMO_SETTINGS, seedDemoData } from "../../demo/demo-data";
import { testDatabases } from "../../test-support/databases";
import { createAuditService } from "../audit/service";
import { createSettingsService, DEFAULT_SITE_SETTINGS } from "./service";

describe.each(testDatabases())("settings on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    let db: Db;
    let changes: number;
    const service = () => createSettingsService(db, () => changes++);

    beforeEach(async () => {
      db = await target.open();
      await migrateToLatest(db);
      changes = 0;
    });
    afterAll(() => target.cleanup());

    it("reads the defaults from an empty database", async () => {
      expect(await service().get()).toEqual(DEFAULT_SITE_SETTINGS);
    });

    it("reads the demo settings once loaded", async () => {
      await seedDemoData(db);
      expect(await service().get()).toEqual(DEMO_SETTINGS);
    });

    it("saves an update that a fresh reader (another process) sees, and reports the change", async () => {
      await seedDemoData(db);
      const writer = service();
      const saved = await writer.update({
        contactEmail: "ban-to-chuc@vanxuan.example",
        chatWidget: { provider: "zalo", accountId: "4318765432109876" },
      });
      expect(saved.contactEmail).toBe("ban-to-chuc@vanxuan.example");
      expect(changes).toBe(1);

      const reread = await service().get();
      expect(reread).toEqual(saved);
      expect(reread.chatWidget).toEqual({ provider: "zalo", accountId: "4318765432109876" });
      // The writer's own cached copy is refreshed too.
      expect((await writer.get()).contactEmail).toBe("ban-to-chuc@vanxuan.example");
    });

    it("records the fields an admin changed in the audit log (nothing for a system write)", async () => {
      await seedDemoData(db);
      const audit = createAuditService(db);
      const writer = createSettingsService(db, () => changes++, audit);
      await writer.update({ contactPhone: "0901 234 567" });
      expect((await audit.list()).total).toBe(0);
      const before = (await writer.get()).contactEmail;
      await writer.update(
        { contactEmail: "ban-to-chuc@vanxuan.example" },
        { id: "admin-1", email: "admin@vanxuan.example", ip: "203.0.113.7" },
      );
      const log = await audit.list({ search: "settings.update" });
      expect(log.items).toHaveLength(1);
      expect(log.items[0]).toMatchObject({
        actorEmail: "admin@vanxuan.example",
        targetType: "settings",
        targetId: "site",
        summary: { contactEmail: [before, "ban-to-chuc@vanxuan.example"] },
      });
    });

    it("overwrites a key on a second update instead of duplicating it", async () => {
      await seedDemoData(db);
      const writer = service();
      await writer.update({ contactPhone: "0901 234 567" });
      await writer.update({ contactPhone: "0909 876 543" });
      const rows = await db.kysely
        .selectFrom("site_settings")
        .selectAll()
        .where("key", "=", "contactPhone")
        .execute();
      expect(rows.map((r) => JSON.parse(r.value))).toEqual(["0909 876 543"]);
      expect((await service().get()).contactPhone).toBe("0909 876 543");
    });

    it("rejects an invalid email with its i18n key and writes nothing", async () => {
      await seedDemoData(db);
      const before = await db.kysely
        .selectFrom("site_settings")
        .selectAll()
        .orderBy("key")
        .execute();

      const attempt = service().update({
        contactEmail: "not-an-email",
        contactPhone: "0901 234 567",
      });
      await expect(attempt).rejects.toBeInstanceOf(ZodError);
      await expect(attempt).rejects.toMatchObject({
        issues: [expect.objectContaining({ path: ["contactEmail"], message: "validation.email" })],
      });

      expect(
        await db.kysely.selectFrom("site_settings").selectAll().orderBy("key").execute(),
      ).toEqual(before);
      expect(await service().get()).toEqual(DEMO_SETTINGS);
      expect(changes).toBe(0);
    });

    it("rejects a bad social link, keeping the other links", async () => {
      await seedDemoData(db);
      await expect(
        service().update({ social: { ...DEMO_SETTINGS.social, youtube: "youtube" } }),
      ).rejects.toMatchObject({ issues: [expect.objectContaining({ message: "validation.url" })] });
      expect((await service().get()).social).toEqual(DEMO_SETTINGS.social);
    });

    it("refuses javascript: and data: social links with the scheme message and writes nothing", async () => {
      await seedDemoData(db);
      for (const bad of [
        "JavaScript:alert(1)",
        "java\tscript:alert(1)",
        "data:text/html,<b>x</b>",
      ]) {
        const attempt = service().update({ social: { ...DEMO_SETTINGS.social, facebook: bad } });
        await expect(attempt).rejects.toMatchObject({
          issues: [
            expect.objectContaining({
              path: ["social", "facebook"],
              message: "validation.urlScheme",
            }),
          ],
        });
      }
      expect((await service().get()).social).toEqual(DEMO_SETTINGS.social);
      expect(changes).toBe(0);
    });

    it("never hands out a javascript: link stored before links were checked, keeping the other links", async () => {
      await seedDemoData(db);
      await db.kysely
        .updateTable("site_settings")
        .set({
          value: JSON.stringify({
            ...DEMO_SETTINGS.social,
            facebook: "javascript:alert(document.cookie)",
            youtube: "data:text/html,<script>alert(1)</script>",
          }),
        })
        .where("key", "=", "social")
        .execute();
      expect((await service().get()).social).toEqual({
        ...DEMO_SETTINGS.social,
        facebook: "",
        youtube: "",
      });
    });

    it("falls back to the default for a stored value it cannot read, keeping the others", async () => {
      await seedDemoData(db);
      await db.kysely
        .updateTable("site_settings")
        .set({ value: "{not json" })
        .where("key", "=", "social")
        .execute();
      expect(await service().get()).toEqual({
        ...DEMO_SETTINGS,
        social: DEFAULT_SITE_SETTINGS.social,
      });
    });

    // An install without demo data (the PostgreSQL default) starts from the defaults.
    it("saves a partial update on a new install without demo data", async () => {
      const saved = await service().update({ contactEmail: "ban-to-chuc@vanxuan.example" });
      expect(saved.contactEmail).toBe("ban-to-chuc@vanxuan.example");
      expect((await service().get()).contactEmail).toBe("ban-to-chuc@vanxuan.example");
    });

    // One unreadable stored value falls back alone; the other stored settings stay.
    it("keeps the other stored settings when one stored value is unreadable", async () => {
      const now = new Date().toISOString();
      await db.kysely
        .insertInto("site_settings")
        .values([
          { key: "currentSeasonYear", value: "2025", updated_at: now },
          { key: "contactPhone", value: "{not json", updated_at: now },
        ])
        .execute();
      expect((await service().get()).currentSeasonYear).toBe(2025);
    });
  });
});
