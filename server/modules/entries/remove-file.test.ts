import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed, file, withDiskStorage } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("remove a file", () => {
    const t = entriesTestbed(target);

    it("deletes a stored object when the last entry using it lets go", async () => {
      await withDiskStorage(t, async (withStorage, storage) => {
        const key = `entries/ab/${randomBytes(16).toString("hex")}.jpg`;
        await storage.put(key, Buffer.from("jpeg bytes"), { contentType: "image/jpeg" });
        const tvw = t.cat("TVW");
        const created = await withStorage.createDraft(t.alice, { categoryId: tvw.id });
        if (!created.ok) throw new Error("draft");
        const attached = await withStorage.attachFile(t.alice, created.entry.id, "images", {
          ...file(),
          key,
        });
        if (!attached.ok) throw new Error("attach");
        // The duplicate shares the object.
        const copy = await withStorage.duplicate(t.alice, created.entry.id, {
          categoryId: t.cat("OLW").id,
        });
        if (!copy.ok) throw new Error("duplicate");
        expect(copy.entry.files[0]!.storageKey).toBe(key);
        await withStorage.removeFile(t.alice, created.entry.id, attached.file.id);
        expect(await storage.stat(key)).not.toBeNull();
        expect(await withStorage.isStorageKeyInUse(key)).toBe(true);
        await withStorage.removeFile(t.alice, copy.entry.id, copy.entry.files[0]!.id);
        expect(await storage.stat(key)).toBeNull();
        expect(await withStorage.isStorageKeyInUse(key)).toBe(false);
      });
    });
  });
});
