import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { createAuditService } from "../audit/service";
import { createDiskStorage } from "../storage/disk";
import { createEntriesService } from "./service";
import { entriesTestbed, file } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("delete a draft", () => {
    const t = entriesTestbed(target);
    const root = mkdtempSync(path.join(tmpdir(), "vx-delete-draft-"));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const storage = createDiskStorage(root);
    const service = () =>
      createEntriesService(t.db, {
        seasons: t.services.seasons,
        mail: t.services.mail,
        audit: createAuditService(t.db),
        storage,
        clock: () => t.now,
      });
    const stored = async () => {
      const key = `entries/dd/${randomBytes(16).toString("hex")}.jpg`;
      await storage.put(key, Buffer.from("jpeg bytes"), { contentType: "image/jpeg" });
      return key;
    };

    it("deletes a draft that never went in with its files; an object another entry shares stays", async () => {
      const entries = service();
      const created = await entries.createDraft(t.alice, {
        categoryId: t.cat("TVW").id,
        campaignName: "Bản nháp thử",
      });
      if (!created.ok) throw new Error("draft");
      const own = await stored();
      const shared = await stored();
      for (const key of [own, shared]) {
        const attached = await entries.attachFile(t.alice, created.entry.id, "images", {
          ...file(),
          key,
        });
        expect(attached.ok).toBe(true);
      }
      const copy = await entries.duplicate(t.alice, created.entry.id, {
        categoryId: t.cat("OLW").id,
      });
      if (!copy.ok) throw new Error("duplicate");
      await entries.removeFile(
        t.alice,
        copy.entry.id,
        copy.entry.files.find((f) => f.storageKey === own)!.id,
      );
      expect((await entries.get(t.alice, created.entry.id))?.deletable).toBe(true);

      // Someone else's draft is not theirs to delete: the same answer as no draft at all.
      expect(await entries.deleteDraft(t.bob, created.entry.id)).toMatchObject({ status: 404 });
      expect(await entries.deleteDraft(t.alice, created.entry.id)).toEqual({
        ok: true,
        code: created.entry.code,
      });
      expect(await entries.get(t.alice, created.entry.id)).toBeNull();
      const left = await t.db.kysely
        .selectFrom("entry_files")
        .select("storage_key")
        .where("entry_id", "=", created.entry.id)
        .execute();
      expect(left).toEqual([]);
      expect(await storage.stat(own)).toBeNull();
      expect(await storage.stat(shared)).not.toBeNull();
      expect((await entries.get(t.alice, copy.entry.id))?.files.length).toBe(1);

      const audit = await t.db.kysely
        .selectFrom("audit_log")
        .select(["action", "actor_id", "target_id"])
        .where("action", "=", "entry.deleteDraft")
        .where("target_id", "=", created.entry.id)
        .execute();
      expect(audit).toEqual([
        { action: "entry.deleteDraft", actor_id: t.alice, target_id: created.entry.id },
      ]);
      expect(await entries.deleteDraft(t.alice, created.entry.id)).toMatchObject({ status: 404 });
    });

    it("refuses an entry that was submitted, even one back in draft or withdrawn", async () => {
      const entries = service();
      const submitted = await t.completeDraft();
      expect(await entries.submit(t.alice, submitted.id)).toMatchObject({ ok: true });
      expect((await entries.get(t.alice, submitted.id))?.deletable).toBe(false);
      expect(await entries.deleteDraft(t.alice, submitted.id)).toMatchObject({
        status: 409,
        formError: "entry.problems.cannotDelete",
      });
      const withdrawn = await t.draft();
      await entries.withdraw(t.alice, withdrawn.id);
      expect(await entries.deleteDraft(t.alice, withdrawn.id)).toMatchObject({ status: 409 });
      expect(await entries.get(t.alice, submitted.id)).not.toBeNull();
    });
  });
});
