import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "../../db/database";
import { testDatabases } from "../../test-support/databases";
import { createAuditService, type AuditService } from "./service";

describe.each(testDatabases())("audit log on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    let db: Db;
    let audit: AuditService;
    let tick = 0;

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      audit = createAuditService(db, () => new Date(Date.UTC(2026, 10, 1, 0, 0, tick++)));
      const admin = { id: "u1", email: "admin@example.org", ip: "127.0.0.1" };
      await audit.record(
        admin,
        "season.update",
        { type: "season", id: 2026 },
        { submissionClosesAt: "2026-12-01" },
      );
      await audit.record(
        admin,
        "user.invite",
        { type: "user", id: "u2" },
        { email: "ed@example.org", password: "x" },
      );
      await audit.record({ id: "u2", email: "Editor@Example.org" }, "news.publish", {
        type: "news",
        id: 7,
      });
    });
    afterAll(() => target.cleanup());

    it("lists newest first with the total and redacts secret-looking keys", async () => {
      const { items, total } = await audit.list();
      expect(total).toBe(3);
      expect(items.map((i) => i.action)).toEqual(["news.publish", "user.invite", "season.update"]);
      expect(items[1]!.summary).toEqual({ email: "ed@example.org", password: "[redacted]" });
      expect(items[2]).toMatchObject({
        actorEmail: "admin@example.org",
        targetType: "season",
        targetId: "2026",
        ip: "127.0.0.1",
      });
    });

    it("names a target as staff know it, and a gone one not at all", async () => {
      const { items } = await audit.list({ targetType: "user" });
      // u2 has no account row: no name, its id stays.
      expect(items[0]).toMatchObject({ targetId: "u2", targetName: null });
      await db.kysely
        .insertInto("user")
        .values({
          id: "u2",
          name: "Biên tập viên",
          email: "ed@example.org",
          emailVerified: db.kind === "postgres" ? (true as never) : (1 as never),
          createdAt: new Date().toISOString() as never,
          updatedAt: new Date().toISOString() as never,
          role: "editor",
          lang: "vi",
          active: db.kind === "postgres" ? (true as never) : (1 as never),
        })
        .execute();
      expect((await audit.list({ targetType: "user" })).items[0]?.targetName).toBe(
        "ed@example.org",
      );
      expect((await audit.list({ targetType: "season" })).items[0]?.targetName).toBeNull();
      await db.kysely.deleteFrom("user").where("id", "=", "u2").execute();
    });

    it("filters by search (case-insensitive) and target type, and pages", async () => {
      expect((await audit.list({ search: "editor@" })).items.map((i) => i.action)).toEqual([
        "news.publish",
      ]);
      expect((await audit.list({ targetType: "user" })).total).toBe(1);
      const second = await audit.list({ page: 2, pageSize: 2 });
      expect(second.items.map((i) => i.action)).toEqual(["season.update"]);
      expect(second.total).toBe(3);
      expect((await audit.list({ search: "100%_" })).total).toBe(0);
    });

    it("finds actions and kinds by the labels the page shows, marks and case ignored", async () => {
      const admin = { id: "u1", email: "admin@example.org" };
      await audit.record(admin, "category.delete", { type: "category", id: 12 });
      await audit.record(admin, "entry.status", { type: "entry", id: "e1" });
      await audit.record(admin, "round.state", { type: "round", id: 3 });
      const found = async (search: string, lang: "vi" | "en") =>
        (await audit.list({ search, lang })).items.map((i) => i.action);

      // Vietnamese, as written, without marks, in capitals.
      expect(await found("Xoá hạng mục", "vi")).toEqual(["category.delete"]);
      expect(await found("xoa hang muc", "vi")).toEqual(["category.delete"]);
      expect(await found("XÓA HẠNG MỤC", "vi")).toEqual(["category.delete"]);
      expect(await found("Đổi trạng thái", "vi")).toEqual(["round.state", "entry.status"]);
      expect(await found("doi trang thai", "vi")).toEqual(["round.state", "entry.status"]);
      // A kind by its label ("Tài khoản" is `user`), though its action's label does not say it.
      expect(await found("tai khoan", "vi")).toEqual(["user.invite"]);
      // English labels for an English reader, not for a Vietnamese one.
      expect(await found("Category deleted", "en")).toEqual(["category.delete"]);
      expect(await found("staff member INVITED", "en")).toEqual(["user.invite"]);
      expect(await found("Category deleted", "vi")).toEqual([]);
      expect(await found("Xoá hạng mục", "en")).toEqual([]);
      // The stored codes and emails still match, whatever the language.
      expect(await found("category.del", "en")).toEqual(["category.delete"]);
      expect((await audit.list({ search: "editor@", lang: "en" })).total).toBe(1);
    });
  });
});
