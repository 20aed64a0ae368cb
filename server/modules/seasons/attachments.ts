import type { Kysely } from "kysely";
import type { SeasonAttachments } from "../../../core/season-admin";
import type { Database } from "../../db/schema";

/**
 * Everything tied to a season besides its category tree (tracks, groups, categories and the
 * entry-code counters, which go with it), counted: by its id (entries, payments, judges,
 * judging rounds, prizes, documents, content pages) and by its year (library entries, the
 * jury and winners pages; a winner naming one of its categories too). Inside a transaction, pass it.
 */
export async function seasonAttachments(
  q: Kysely<Database>,
  season: { id: number; year: number },
): Promise<SeasonAttachments> {
  const byId = (
    table:
      | "entries"
      | "payments"
      | "judging_rounds"
      | "judges"
      | "prizes"
      | "documents"
      | "content_pages",
  ) =>
    q
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("season_id", "=", season.id)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const count = (row: { n: number | string }) => Number(row.n);
  // One after another: on SQLite a transaction has one connection anyway.
  return {
    entries: await byId("entries"),
    payments: await byId("payments"),
    judgingRounds: await byId("judging_rounds"),
    judges: await byId("judges"),
    prizes: await byId("prizes"),
    libraryEntries: await q
      .selectFrom("library_entries")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("season_year", "=", season.year)
      .executeTakeFirstOrThrow()
      .then(count),
    documents: await byId("documents"),
    contentPages: await byId("content_pages"),
    juryMembers: await q
      .selectFrom("jury_members")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("year", "=", season.year)
      .executeTakeFirstOrThrow()
      .then(count),
    // A winner of the year, or of any year naming one of the season's categories (deleting the
    // tree would quietly drop its category).
    winners: await q
      .selectFrom("winners")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where((eb) =>
        eb.or([
          eb("year", "=", season.year),
          eb(
            "category_id",
            "in",
            eb
              .selectFrom("categories as c")
              .innerJoin("category_groups as g", "g.id", "c.group_id")
              .innerJoin("tracks as t", "t.id", "g.track_id")
              .select("c.id")
              .where("t.season_id", "=", season.id),
          ),
        ]),
      )
      .executeTakeFirstOrThrow()
      .then(count),
  };
}
