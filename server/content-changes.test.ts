import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createContentChanges, type ContentChanges } from "./content-changes";
import { openDatabase, type Db } from "./db/database";
import { closeAndSettle, testDatabases } from "./test-support/databases";

const quiet = { warn: () => {} };

describe.each(testDatabases())("$name", (target) => {
  describe.skipIf(!target.available)("a content change clears every process's pages", () => {
    const opened: Db[] = [];
    const listeners: ContentChanges[] = [];
    afterAll(async () => {
      await Promise.all(listeners.map((listener) => listener.close()));
      await Promise.all(opened.map((db) => closeAndSettle(db)));
      await target.cleanup();
    });

    it("clears here at once and, on PostgreSQL, in the other processes too", async () => {
      const db = await target.open();
      opened.push(db);
      if (db.kind === "sqlite") {
        let cleared = 0;
        const changes = createContentChanges(
          { kind: "sqlite", file: ":memory:" },
          db,
          () => {
            cleared += 1;
          },
          quiet,
        );
        changes.changed();
        expect(cleared).toBe(1);
        return;
      }
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
        db.kysely,
      );
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      const config = { kind: "postgres", url: url.toString() } as const;
      const other = openDatabase(config);
      opened.push(other);

      // Two processes, each listening (a listener clears once when it has connected).
      const cleared = { here: 0, there: 0 };
      let connected!: () => void;
      const ready = new Promise<void>((resolve) => (connected = resolve));
      let heard!: () => void;
      const announced = new Promise<void>((resolve) => (heard = resolve));
      const here = createContentChanges(config, db, () => (cleared.here += 1), quiet);
      const there = createContentChanges(
        config,
        other,
        () => {
          cleared.there += 1;
          if (cleared.there === 1) connected();
          if (cleared.there === 2) heard();
        },
        quiet,
      );
      listeners.push(here, there);
      await ready;
      const before = cleared.here;

      here.changed();
      expect(cleared.here).toBe(before + 1);
      await announced;
      expect(cleared.there).toBe(2);
    });
  });
});
