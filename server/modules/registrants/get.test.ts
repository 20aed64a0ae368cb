import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { DOMAIN, NOW, registrantsTestbed } from "./testbed";

describe.each(testDatabases())("one registrant on $name", (target) => {
  describe.skipIf(!target.available)("getRegistrant and entryOwner", () => {
    const t = registrantsTestbed(target);

    it("gives the profile, the account, the licence and every entry, newest season first", async () => {
      const id = await t.add({
        email: `cong-ty@${DOMAIN}`,
        type: "enterprise",
        fullName: "Võ Thị Lan",
        companyName: "Công ty TNHH Hoa Sen",
        taxCode: "0301112223",
        verified: false,
      });
      await t.db.kysely
        .insertInto("files")
        .values({
          id: "licence-1",
          owner_user_id: id,
          purpose: "licence",
          mime: "application/pdf",
          bytes: 1234,
          storage_key: "ab".repeat(16),
          created_at: NOW.toISOString(),
        })
        .execute();
      await t.db.kysely
        .updateTable("registrants")
        .set({ licence_file_id: "licence-1" })
        .where("user_id", "=", id)
        .execute();
      const old = await t.entry(id, 2025, {
        code: "VX25-TV-0001",
        title: "Mùa xuân cũ",
        status: "winner",
      });
      const now = await t.entry(id, 2026, { code: "VX26-TV-0007", title: "Tết sum vầy" });

      const found = await t.registrants.get(id);
      expect(found).toMatchObject({
        id,
        type: "enterprise",
        fullName: "Võ Thị Lan",
        companyName: "Công ty TNHH Hoa Sen",
        taxCode: "0301112223",
        email: `cong-ty@${DOMAIN}`,
        emailVerified: false,
        active: true,
        licence: {
          id: "licence-1",
          mime: "application/pdf",
          bytes: 1234,
          storageKey: "ab".repeat(16),
        },
      });
      expect(found!.entries.map((e) => [e.id, e.code, e.title, e.status, e.seasonYear])).toEqual([
        [now, "VX26-TV-0007", "Tết sum vầy", "submitted", 2026],
        [old, "VX25-TV-0001", "Mùa xuân cũ", "winner", 2025],
      ]);
    });

    it("is null for an account without a profile or an unknown id", async () => {
      expect(await t.registrants.get(randomUUID())).toBeNull();
      expect(await t.registrants.get("")).toBeNull();
      expect(await t.registrants.get("x".repeat(300))).toBeNull();
    });

    it("gives the entry page the status version and the owner's profile", async () => {
      const id = await t.add({
        email: `ca-nhan@${DOMAIN}`,
        type: "individual",
        fullName: "Hồ Minh Tâm",
      });
      const entryId = await t.entry(id, 2026, { status: "needs_changes" });
      await t.db.kysely
        .updateTable("entries")
        .set({ status_version: 4, changes_due_at: "2026-09-10T16:59:59.999Z" })
        .where("id", "=", entryId)
        .execute();
      const facts = await t.registrants.entryOwner(entryId);
      expect(facts).toMatchObject({
        entryId,
        statusVersion: 4,
        changesDueAt: "2026-09-10T16:59:59.999Z",
        ownerUserId: id,
        registrant: { fullName: "Hồ Minh Tâm", type: "individual", licence: null },
      });
      expect(await t.registrants.entryOwner(randomUUID())).toBeNull();
    });
  });
});
