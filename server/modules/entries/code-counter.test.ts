import { describe, expect, it } from "vitest";
import { parseEntryCode } from "../../../core/entry-code";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed } from "./testbed";
import type { EntryResult, EntryView } from "./types";

type Outcome = EntryResult<{ entry: EntryView }>;

/**
 * Every new draft of a category counts on one row of `entry_code_sequences`. On PostgreSQL a
 * row written inside a transaction stays locked until that transaction ends, so a code drawn
 * inside the draft's transaction would make each new draft of the category wait for the one
 * before it to commit, holding a pooled connection all the while: at the deadline, enough of
 * them to starve every other request of the process. The number is drawn on its own instead.
 */
describe.each(testDatabases().filter((target) => target.name === "postgres"))(
  "entry codes on $name",
  (target) => {
    describe.skipIf(!target.available)("the category's counter", () => {
      const t = entriesTestbed(target);

      const counter = async (prefix: string) =>
        Number(
          (
            await t.db.kysely
              .selectFrom("entry_code_sequences")
              .select("last_number")
              .where("prefix", "=", prefix)
              .executeTakeFirst()
          )?.last_number ?? 0,
        );

      it.each(["a new draft", "a draft's first save with a category", "a copy of an entry"])(
        "is not held while %s waits in its transaction: the next one draws its number at once",
        async (way) => {
          const ooh = t.cat("OOH");
          const before = await counter("VX26-OOH");
          const input = { trackId: ooh.trackId, categoryId: ooh.id };
          const empty =
            way === "a new draft" ? null : [await t.draft(t.alice), await t.draft(t.bob)];
          // Another transaction holds the category's row, so each draft's write (whose foreign
          // key reads that row) waits inside its transaction until it lets go.
          let letGo!: () => void;
          let holding!: () => void;
          const held = new Promise<void>((resolve) => (holding = resolve));
          const holder = t.db.kysely.transaction().execute(async (trx) => {
            await trx
              .selectFrom("categories")
              .select("id")
              .where("id", "=", Number(ooh.id))
              .forUpdate()
              .execute();
            holding();
            await new Promise<void>((resolve) => (letGo = resolve));
          });
          await held;
          const drafts = [t.alice, t.bob].map((user, i) =>
            !empty
              ? t.entries.createDraft(user, input)
              : way === "a copy of an entry"
                ? t.entries.duplicate(user, empty[i]!.id, { categoryId: ooh.id })
                : t.entries.saveDraft(user, empty[i]!.id, input),
          );

          // Both numbers are drawn while both wait; drawn inside the transactions, the second
          // would wait on the first one's lock of the counter (and neither shows until commit).
          const deadline = Date.now() + 5_000;
          while ((await counter("VX26-OOH")) < before + 2 && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          const drawnWhileWaiting = await counter("VX26-OOH");
          letGo();
          await holder;
          const [a, b] = (await Promise.all(drafts)) as [Outcome, Outcome];
          expect(drawnWhileWaiting).toBe(before + 2);

          expect(a.ok && b.ok).toBe(true);
          if (!a.ok || !b.ok) return;
          const numbers = [a.entry.code, b.entry.code].map(
            (code) => parseEntryCode(code!)!.sequence,
          );
          expect(numbers.sort((x, y) => x - y)).toEqual([before + 1, before + 2]);
          // Out of their drafts, so the season's quota stays for the next case.
          const owners = new Map<string, string>([
            [a.entry.id, t.alice],
            [b.entry.id, t.bob],
            ...(empty ?? []).map((draft, i): [string, string] => [
              draft.id,
              i === 0 ? t.alice : t.bob,
            ]),
          ]);
          for (const [id, owner] of owners) await t.entries.withdraw(owner, id);
        },
      );
    });
  },
);
