import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "../../db/database";
import { testDatabases } from "../../test-support/databases";
import { checkSecretAgainstDatabase, SECRET_FINGERPRINT_KEY } from "./secret-check";

const SITE_SECRET = "the-secret-the-site-ran-with-0123456789";
const OTHER_SECRET = "another-process-generated-this-9876543210";

describe.each(testDatabases())("the secret checked against the database on $name", (target) => {
  describe.skipIf(!target.available)("check", () => {
    let db: Db;
    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
    });
    afterAll(() => target.cleanup());

    it("records the first, knows it again, tells another apart, and takes a new one only when asked", async () => {
      expect(await checkSecretAgainstDatabase(db, SITE_SECRET)).toBe("recorded");
      expect(await checkSecretAgainstDatabase(db, SITE_SECRET)).toBe("matches");
      expect(await checkSecretAgainstDatabase(db, OTHER_SECRET)).toBe("differs");
      // Still the site's: a refused start changes nothing.
      expect(await checkSecretAgainstDatabase(db, SITE_SECRET)).toBe("matches");

      const stored = await db.kysely
        .selectFrom("site_settings")
        .select("value")
        .where("key", "=", SECRET_FINGERPRINT_KEY)
        .executeTakeFirstOrThrow();
      expect(stored.value).not.toContain(SITE_SECRET);

      expect(await checkSecretAgainstDatabase(db, OTHER_SECRET, { replace: true })).toBe(
        "replaced",
      );
      expect(await checkSecretAgainstDatabase(db, OTHER_SECRET)).toBe("matches");
      expect(await checkSecretAgainstDatabase(db, SITE_SECRET)).toBe("differs");
    });
  });
});
