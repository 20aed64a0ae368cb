import type { Insertable, Kysely, Transaction } from "kysely";
import { dayInVietnam } from "../../core/dates";
import { entryCodePrefix, formatEntryCode } from "../../core/entry-code";
import type { EntryStatus } from "../../core/entry-status";
import { categoryFeeOn } from "../../core/fees";
import { paymentReference, transferMemo } from "../../core/payment-reference";
import type { Db } from "../db/database";
import type { Database, EntryFileTable, EntryStatusHistoryTable } from "../db/schema";
import { DEMO_ACCOUNTS, DEMO_STAFF_ACCOUNTS } from "./demo-accounts";
import { vnEndOfDay } from "./demo-data";
import {
  entryFileRows,
  storeSharedFiles,
  youtubeId,
  type DemoFileDeps,
  type SharedFiles,
} from "./demo-entry-files";
import {
  demoCredits,
  demoEntryText,
  demoEntryTitles,
  NEEDS_CHANGES_REASONS,
  REJECTION_REASONS,
} from "./demo-entry-texts";
import {
  demoRegistrants,
  registrantRows,
  userRow,
  demoUuid,
  seededRandom,
  type Random,
} from "./demo-registrants";
import { seedOnce } from "./seed-once";

/**
 * Demo entries (PRODUCT §3): about 300 entries of the current season in every state of the
 * lifecycle and 60 of the previous one with their final outcomes, from 80 registrants, each
 * with a consistent status history, so the back office's tables and charts look like a
 * running competition. The files are stored objects shared by key (pictures per title). Loaded
 * once.
 */
const MARKER = "demo.entries.loaded";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How many entries of each status: the current season, then the previous one. */
export const DEMO_CURRENT_COUNTS: Readonly<Partial<Record<EntryStatus, number>>> = {
  draft: 30,
  submitted: 40,
  paid: 55,
  accepted: 70,
  needs_changes: 22,
  rejected: 14,
  withdrawn: 12,
  shortlisted: 57,
};
export const DEMO_PREVIOUS_COUNTS: Readonly<Partial<Record<EntryStatus, number>>> = {
  winner: 8,
  finalist: 14,
  not_awarded: 28,
  rejected: 6,
  withdrawn: 4,
};
export const DEMO_REGISTRANT_COUNT = 80;

export type DemoEntriesDeps = DemoFileDeps;

export type Actor = "entrant" | "payment" | "secretariat";
export type Step = [EntryStatus, Actor];

/** The transitions that lead from draft to `status` (one of the usual routes). */
export function routeTo(status: EntryStatus, random: Random): Step[] {
  const submitted: Step[] = [["submitted", "entrant"]];
  const paid: Step[] = [...submitted, ["paid", "payment"]];
  const accepted: Step[] = random.chance(0.15)
    ? [
        ...paid,
        ["needs_changes", "secretariat"],
        ["submitted", "entrant"],
        ["paid", "payment"],
        ["accepted", "secretariat"],
      ]
    : [...paid, ["accepted", "secretariat"]];
  const shortlisted: Step[] = [...accepted, ["shortlisted", "secretariat"]];
  switch (status) {
    case "draft":
      return [];
    case "submitted":
      return submitted;
    case "paid":
      return paid;
    case "accepted":
      return accepted;
    case "needs_changes":
    case "rejected":
      return [...paid, [status, "secretariat"]];
    case "shortlisted":
      return shortlisted;
    case "winner":
    case "finalist":
      return [...shortlisted, [status, "secretariat"]];
    case "not_awarded":
      return random.chance(0.5)
        ? [...shortlisted, ["not_awarded", "secretariat"]]
        : [...accepted, ["not_awarded", "secretariat"]];
    case "withdrawn": {
      const before = random.pick([[], submitted, paid]);
      return [...before, ["withdrawn", "entrant"]];
    }
  }
}

/**
 * Loads the demo entries once (marker `demo.entries.loaded`). Runs after the demo seasons and
 * accounts exist; the entrant demo account gets none (its journeys start from an empty list).
 */
export async function seedDemoEntries(
  db: Db,
  deps: DemoEntriesDeps,
  now = new Date(),
): Promise<"loaded" | "already present"> {
  const done = await db.kysely
    .selectFrom("site_settings")
    .select("key")
    .where("key", "=", MARKER)
    .executeTakeFirst();
  if (done) return "already present";
  // Stored before the transaction: the media module writes its own rows. The pictures are
  // drawn for every title the entries of the two seasons can have.
  const currentYear = await currentSeasonYear(db.kysely);
  const shared = await storeSharedFiles(deps, demoEntryTitles([currentYear, currentYear - 1]));
  return seedOnce(db, MARKER, now, (trx) => insertAll(db, trx, deps, shared, now));
}

/** The configured current season (the demo's 2026 when none is). */
async function currentSeasonYear(q: Kysely<Database>): Promise<number> {
  const setting = await q
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", "currentSeasonYear")
    .executeTakeFirst();
  return setting ? Number(JSON.parse(setting.value)) : 2026;
}

async function insertAll(
  db: Db,
  trx: Transaction<Database>,
  deps: DemoEntriesDeps,
  shared: SharedFiles,
  now: Date,
): Promise<void> {
  const random = seededRandom(2026);
  const pg = db.kind === "postgres";
  const when = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();

  const currentYear = await currentSeasonYear(trx);
  const seasons = await trx
    .selectFrom("seasons")
    .selectAll()
    .where("year", "in", [currentYear, currentYear - 1])
    .execute();
  const current = seasons.find((s) => s.year === currentYear);
  if (!current) return;
  const previous = seasons.find((s) => s.year === currentYear - 1);
  const categories = await trx
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .select([
      "c.id",
      "c.code",
      "c.video_required",
      "c.allow_individual",
      "c.allow_enterprise",
      "c.fee_vnd",
      "c.early_bird_fee_vnd",
      "c.late_fee_vnd",
      "t.id as track_id",
      "t.code as track_code",
      "t.season_id",
    ])
    .where(
      "t.season_id",
      "in",
      seasons.map((s) => s.id),
    )
    .execute();
  const sequences = await trx.selectFrom("entry_code_sequences").selectAll().execute();
  const lastNumber = new Map(sequences.map((s) => [`${s.season_id}:${s.prefix}`, s.last_number]));

  // Staff who act in the histories: the demo admin, the secretary (the demo jury manager) and
  // the accountant (the demo finance officer), made here without a password when the demo
  // accounts are not.
  const admin = await trx
    .selectFrom("user")
    .select(["id", "name"])
    .where("email", "=", DEMO_ACCOUNTS.admin.email)
    .executeTakeFirst();
  const users: Insertable<Database["user"]>[] = [];
  const staff = [DEMO_STAFF_ACCOUNTS.juryManager, DEMO_STAFF_ACCOUNTS.finance].map((person) => ({
    ...person,
    id: random.hex(32),
  }));
  for (const person of staff) {
    const existing = await trx
      .selectFrom("user")
      .select("id")
      .where("email", "=", person.email)
      .executeTakeFirst();
    if (existing) {
      person.id = existing.id;
      continue;
    }
    users.push(userRow(pg, { ...person, lang: "vi", at: new Date(now.getTime() - 200 * DAY) }));
  }
  const secretary = staff[0]!;
  const payer = staff[1]!;

  // Registrants, with their entries' windows decided first so accounts predate entries.
  const takenEmails = new Set(
    (await trx.selectFrom("user").select("email").execute()).map((u) => u.email),
  );
  const people = demoRegistrants(random, DEMO_REGISTRANT_COUNT)
    .filter((p) => !takenEmails.has(p.email))
    .map((p) => ({ ...p, id: random.hex(32), firstEntryAt: Number.POSITIVE_INFINITY }));

  const entries: Insertable<Database["entries"]>[] = [];
  const history: Insertable<EntryStatusHistoryTable>[] = [];
  const files: Insertable<EntryFileTable>[] = [];
  const payments: Insertable<Database["payments"]>[] = [];
  const paymentEntries: Insertable<Database["payment_entries"]>[] = [];
  const paymentEvents: Insertable<Database["payment_events"]>[] = [];

  const plan = (
    season: NonNullable<typeof previous>,
    counts: Partial<Record<EntryStatus, number>>,
    pool: typeof people,
  ) => {
    const opens = Date.parse(season.submission_opens_at ?? "") || now.getTime() - 90 * DAY;
    const closes = Date.parse(season.submission_closes_at ?? "") || now.getTime();
    const end = Math.min(closes, now.getTime() - HOUR);
    const start =
      Math.max(opens, end - 84 * DAY) < end ? Math.max(opens, end - 84 * DAY) : end - 60 * DAY;
    const early = Date.parse(season.early_bird_deadline ?? "");
    const peakEarly = early > start && early < end;
    const submittedAt = () => {
      const roll = random.next();
      if (peakEarly && roll < 0.3) return early - random.next() * 6 * DAY;
      if (roll < 0.6) return end - random.next() ** 2 * 12 * DAY;
      return start + random.next() * (end - start);
    };
    const seasonCategories = categories.filter((c) => c.season_id === season.id);
    const statuses = Object.entries(counts).flatMap(([status, n]) =>
      Array.from({ length: n }, () => status as EntryStatus),
    );
    for (const status of statuses) {
      const owner = random.pick(pool);
      const allowed = seasonCategories.filter((c) =>
        owner.type === "individual" ? c.allow_individual : c.allow_enterprise,
      );
      const category = random.pick(allowed.length > 0 ? allowed : seasonCategories);
      const prefix = entryCodePrefix({
        trackCode: category.track_code,
        seasonYear: season.year,
        categoryCode: category.code,
      });
      const counter = `${season.id}:${prefix}`;
      const sequence = (lastNumber.get(counter) ?? 0) + 1;
      lastNumber.set(counter, sequence);
      const id = demoUuid(random);
      const text = demoEntryText(random, category.track_code, season.year);
      const route = routeTo(status, random);
      const firstAt = route.length > 0 ? submittedAt() : start + random.next() * (end - start);
      const createdAt = Math.max(firstAt - random.int(1, 10) * DAY, start - 10 * DAY);
      owner.firstEntryAt = Math.min(owner.firstEntryAt, createdAt);
      // Later steps come after the first, never after now (or after the season for outcomes).
      const ceiling =
        status === "winner" || status === "finalist" || status === "not_awarded"
          ? Math.min(now.getTime() - HOUR, Date.parse(season.ceremony_at ?? "") || now.getTime())
          : now.getTime() - HOUR;
      let at = firstAt;
      let from: EntryStatus = "draft";
      let submitted: number | null = null;
      let withdrawnAt: number | null = null;
      let changesDue: string | null = null;
      let paid: { at: number; actor: { id: string | null; role: string; name: string } } | null =
        null;
      for (const [index, [to, actor]] of route.entries()) {
        if (index > 0) {
          const room = Math.max(ceiling - at, 60_000);
          at += Math.min(random.int(2, 120) * HOUR, room * (0.2 + 0.5 * random.next()));
        }
        const staffActor =
          actor === "secretariat"
            ? admin && random.chance(0.3)
              ? { id: admin.id, role: "admin", name: admin.name }
              : { id: secretary.id, role: secretary.role, name: secretary.name }
            : actor === "payment"
              ? random.chance(0.7)
                ? { id: null, role: "system", name: "" }
                : { id: payer.id, role: payer.role, name: payer.name }
              : { id: owner.id, role: "entrant", name: owner.fullName };
        const reason =
          to === "needs_changes"
            ? random.pick(NEEDS_CHANGES_REASONS)
            : to === "rejected"
              ? random.pick(REJECTION_REASONS)
              : "";
        // The last request for changes is still open; an earlier one was met in time. Staff
        // give a day: the entrant has until its end, Vietnam time.
        const endOfDay = (ms: number) => when(Date.parse(vnEndOfDay(dayInVietnam(new Date(ms)))));
        const due =
          to !== "needs_changes"
            ? null
            : index === route.length - 1
              ? endOfDay(Math.max(at, now.getTime()) + random.int(5, 14) * DAY)
              : endOfDay(at + 7 * DAY);
        history.push({
          entry_id: id,
          from_status: from,
          to_status: to,
          actor_user_id: staffActor.id,
          actor_role: staffActor.role,
          actor_name: staffActor.name,
          reason,
          changes_due_at: due,
          created_at: when(at),
        });
        if (to === "submitted") submitted ??= at;
        if (to === "paid") paid ??= { at, actor: staffActor };
        if (to === "withdrawn") withdrawnAt = at;
        changesDue = to === "needs_changes" ? due : null;
        from = to;
      }
      const updatedAt = route.length > 0 ? at : createdAt + random.int(1, 72) * HOUR;
      entries.push({
        id,
        owner_user_id: owner.id,
        season_id: season.id,
        track_id: category.track_id,
        category_id: category.id,
        code: formatEntryCode({
          trackCode: category.track_code,
          seasonYear: season.year,
          categoryCode: category.code,
          sequence,
        }),
        status,
        brand_name: text.brand,
        campaign_name: text.title,
        description_vi: text.descriptionVi,
        description_en: status === "draft" && random.chance(0.5) ? "" : text.descriptionEn,
        start_month: random.int(1, 6),
        start_year: season.year,
        end_month: random.int(7, 12),
        end_year: season.year,
        video_link: "",
        credits: JSON.stringify(demoCredits(random, owner.companyName, owner.fullName)),
        version: route.length + random.int(2, 9),
        created_at: when(createdAt),
        updated_at: when(updatedAt),
        submitted_at: submitted === null ? null : when(submitted),
        withdrawn_at: withdrawnAt === null ? null : when(withdrawnAt),
        status_version: route.length + 1,
        changes_due_at: changesDue,
      });
      const attached = entryFileRows(random, shared, id, {
        title: text.title,
        videoRequired: Boolean(category.video_required),
        draft: status === "draft",
        createdAt: when(createdAt),
      });
      files.push(...attached.rows);
      // Its payment: a VietQR transfer, confirmed by the statement or by finance, at the fee
      // its tier had on the day it was paid.
      if (paid !== null && submitted !== null) {
        const quote = categoryFeeOn(
          {
            earlyBirdDeadline: season.early_bird_deadline,
            submissionClosesAt: season.submission_closes_at,
            lateDeadline: season.late_deadline,
          },
          {
            feeVnd: Number(category.fee_vnd),
            earlyBirdFeeVnd:
              category.early_bird_fee_vnd === null ? null : Number(category.early_bird_fee_vnd),
            lateFeeVnd: category.late_fee_vnd === null ? null : Number(category.late_fee_vnd),
          },
          new Date(submitted),
        ) ?? { tier: "standard" as const, amountVnd: Number(category.fee_vnd) };
        const paymentId = demoUuid(random);
        const reference = paymentReference(
          season.year,
          Uint8Array.from({ length: 6 }, () => random.int(0, 255)),
        );
        const createdAt = when(Math.max(submitted, paid.at - random.int(1, 48) * HOUR));
        const paidAt = when(paid.at);
        payments.push({
          id: paymentId,
          reference,
          season_id: season.id,
          owner_user_id: owner.id,
          method: "vietqr",
          state: "paid",
          amount_vnd: quote.amountVnd,
          memo: transferMemo(reference, [entries.at(-1)!.code ?? null]),
          gateway_ref: null,
          gateway_transaction: `FT${random.int(10_000_000, 99_999_999)}`,
          created_at: createdAt,
          expires_at: when(Date.parse(createdAt) + 72 * HOUR),
          paid_at: paidAt,
          updated_at: paidAt,
          state_version: 2,
        });
        paymentEntries.push({
          payment_id: paymentId,
          entry_id: id,
          tier: quote.tier,
          fee_vnd: quote.amountVnd,
        });
        paymentEvents.push(
          {
            payment_id: paymentId,
            from_state: null,
            to_state: "pending",
            actor_user_id: owner.id,
            actor_role: "entrant",
            actor_name: "",
            created_at: createdAt,
          },
          {
            payment_id: paymentId,
            from_state: "pending",
            to_state: "paid",
            // A payment matched from the bank statement, brought in by the finance officer.
            ...(paid.actor.role === "system"
              ? { actor_user_id: payer.id, actor_role: "statement", actor_name: payer.name }
              : {
                  actor_user_id: paid.actor.id,
                  actor_role: paid.actor.role,
                  actor_name: paid.actor.name,
                }),
            created_at: paidAt,
          },
        );
      }
      // Some entries without a video file show their film as a YouTube link instead.
      if (!attached.hasVideo && status !== "draft" && random.chance(0.4)) {
        entries.at(-1)!.video_link = `https://www.youtube.com/watch?v=${youtubeId(random)}`;
      }
    }
  };

  // Most registrants are new this season; a quarter also entered the previous one.
  plan(current, DEMO_CURRENT_COUNTS, people);
  if (previous) plan(previous, DEMO_PREVIOUS_COUNTS, people.slice(0, Math.ceil(people.length / 4)));

  const accounts = registrantRows(people, {
    random,
    pg,
    now,
    storage: deps.storage,
    licence: shared.licence,
  });
  users.push(...accounts.users);
  const { licences, registrants } = accounts;
  await Promise.all(accounts.stored);

  await insertChunks(users, (c) => trx.insertInto("user").values(c).execute());
  await insertChunks(licences, (c) => trx.insertInto("files").values(c).execute());
  await insertChunks(registrants, (c) => trx.insertInto("registrants").values(c).execute());
  await insertChunks(entries, (c) => trx.insertInto("entries").values(c).execute());
  await insertChunks(files, (c) => trx.insertInto("entry_files").values(c).execute());
  await insertChunks(history, (c) => trx.insertInto("entry_status_history").values(c).execute());
  await insertChunks(payments, (c) => trx.insertInto("payments").values(c).execute());
  await insertChunks(paymentEntries, (c) => trx.insertInto("payment_entries").values(c).execute());
  await insertChunks(paymentEvents, (c) => trx.insertInto("payment_events").values(c).execute());
  await saveCodeCounters(trx, lastNumber);
}

/** Inserts rows 400 at a time (SQLite's limit on bound parameters). */
export async function insertChunks<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 400) await insert(rows.slice(i, i + 400));
}

/** Stores each season's last entry number ("<seasonId>:<prefix>" → n), raising existing ones. */
export async function saveCodeCounters(
  trx: Transaction<Database>,
  lastNumber: Map<string, number>,
): Promise<void> {
  const counters = [...lastNumber].map(([key, last]) => {
    const [seasonId, prefix] = key.split(":") as [string, string];
    return { season_id: Number(seasonId), prefix, last_number: last };
  });
  await insertChunks(counters, (c) =>
    trx
      .insertInto("entry_code_sequences")
      .values(c)
      .onConflict((oc) =>
        oc.columns(["season_id", "prefix"]).doUpdateSet((eb) => ({
          last_number: eb.ref("excluded.last_number"),
        })),
      )
      .execute(),
  );
}
