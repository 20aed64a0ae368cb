import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../../db/database";
import { seedDemoData } from "../../demo/demo-data";
import { createServices } from "../../services";
import { testConfig } from "../../test-support/config";
import { COMPLETE_TEXT, enterprise, NOW } from "./testbed";

describe("entries on a reopened SQLite file", () => {
  it("keeps a draft and its files across closing and reopening the database", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vx-entries-reopen-"));
    const file = path.join(dir, "app.sqlite");
    const config = testConfig();
    const clock = () => NOW;
    try {
      let db = openDatabase({ kind: "sqlite", file });
      await migrateToLatest(db);
      await seedDemoData(db, NOW);
      let services = createServices(db, config, { onContentChange: () => {}, clock });
      const user = await services.identity.createEntrant({
        email: "reopen@example.vn",
        password: "mat-khau-rat-dai-2026",
        profile: enterprise("Đỗ Mở Lại"),
      });
      const created = await services.entries.createDraft(user, {
        ...COMPLETE_TEXT,
        videoLink: "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      });
      if (!created.ok) throw new Error("draft");
      const attached = await services.entries.attachFile(user, created.entry.id, "images", {
        key: "entries/aa/0123456789abcdef0123456789abcdef.jpg",
        name: "ảnh bìa.jpg",
        mime: "image/jpeg",
        bytes: 12_345,
        variants: [{ width: 640, key: "v/640.webp" }],
      });
      expect(attached.ok).toBe(true);
      const before = await services.entries.get(user, created.entry.id);
      await db.close();

      db = openDatabase({ kind: "sqlite", file });
      await migrateToLatest(db);
      services = createServices(db, config, { onContentChange: () => {}, clock });
      const after = await services.entries.get(user, created.entry.id);
      expect(after).toEqual(before);
      expect(after!.values.videoLink).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
      expect(after!.files[0]).toMatchObject({
        name: "ảnh bìa.jpg",
        bytes: 12_345,
        variants: [{ width: 640, key: "v/640.webp" }],
      });
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
