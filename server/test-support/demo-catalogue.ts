import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { COMPLETE_TEXT, completeFiles } from "../modules/entries/testbed";
import type { SignedInApp } from "./signed-in-app";
import type { Services } from "../services";

/**
 * A category of the demo data (2026's TVC unless told otherwise) with the ids of its track
 * and season: what tests on a seeded app put their entries in.
 */
export function demoCategory(db: Kysely<Database>, code = "TVC", year = 2026) {
  return db
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .innerJoin("seasons as s", "s.id", "t.season_id")
    .select(["c.id", "t.id as track_id", "s.id as season_id"])
    .where("s.year", "=", year)
    .where("c.code", "=", code)
    .executeTakeFirstOrThrow();
}

/** A draft of `owner` with every text field filled, in the demo category (2026's TVC), and that category. */
export async function demoCategoryDraft(
  db: Kysely<Database>,
  services: Services,
  owner: Parameters<Services["entries"]["createDraft"]>[0],
) {
  const tvc = await demoCategory(db);
  const draft = await services.entries.createDraft(owner, {
    ...COMPLETE_TEXT,
    trackId: String(tvc.track_id),
    categoryId: String(tvc.id),
  });
  if (!draft.ok) throw new Error(JSON.stringify(draft));
  return { id: draft.entry.id, category: tvc };
}

/** Staff move a submitted entry to paid (finance), then accepted (jury manager), as screening does. */
export async function acceptSubmitted(services: Services, entryId: string): Promise<void> {
  const staff = { id: "staff", email: "staff@example.vn", name: "Staff" };
  for (const [to, role] of [
    ["paid", "finance"],
    ["accepted", "jury_manager"],
  ] as const) {
    const entry = await services.entries.getForStaff(entryId);
    const moved = await services.entries.changeStatus({ ...staff, role }, entryId, {
      to,
      reason: "",
      statusVersion: entry!.statusVersion,
    });
    if (!moved.ok) throw new Error(JSON.stringify(moved));
  }
}

/**
 * Submitted entries of the account with this email in the demo category (2026's TVC), written
 * straight to the database as the entry form would have left them; their ids, in order.
 */
export async function insertSubmittedEntries(
  db: Kysely<Database>,
  ownerEmail: string,
  entries: { code: string; brandName: string; campaignName: string; endMonth?: number }[],
): Promise<string[]> {
  const user = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", ownerEmail)
    .executeTakeFirstOrThrow();
  const category = await demoCategory(db);
  const at = "2026-08-20T03:00:00.000Z";
  const ids: string[] = [];
  for (const entry of entries) {
    const id = randomUUID();
    await db
      .insertInto("entries")
      .values({
        id,
        owner_user_id: user.id,
        season_id: Number(category.season_id),
        track_id: Number(category.track_id),
        category_id: Number(category.id),
        code: entry.code,
        status: "submitted",
        brand_name: entry.brandName,
        campaign_name: entry.campaignName,
        description_vi: "",
        description_en: "",
        start_month: 1,
        start_year: 2026,
        end_month: entry.endMonth ?? 3,
        end_year: 2026,
        video_link: "",
        credits: "{}",
        version: 1,
        created_at: at,
        updated_at: at,
        submitted_at: at,
        withdrawn_at: null,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}

/**
 * An enterprise entrant's entry in the demo TVC category, complete with its files, submitted
 * and screened in: its id, code, season and category.
 */
export async function acceptedEntry(
  office: Pick<SignedInApp, "app" | "db">,
  email: string,
  name: string,
  taxCode: string,
) {
  const { services, db } = { services: office.app.services, db: office.db };
  const owner = await services.identity.createEntrant({
    email,
    password: "mat-khau-rat-dai-2026",
    profile: {
      type: "enterprise",
      fullName: name,
      phone: "+84901234567",
      address: "1 Tràng Tiền, Hà Nội",
      personalId: null,
      companyName: `Công ty của ${name}`,
      businessRegistrationNumber: taxCode,
      taxCode,
      licenceFileId: null,
    },
  });
  const { id, category: tvc } = await demoCategoryDraft(db.kysely, services, owner);
  for (const [field, facts] of completeFiles()) {
    const attached = await services.entries.attachFile(owner, id, field, facts);
    if (!attached.ok) throw new Error(`${field}: ${JSON.stringify(attached)}`);
  }
  const submitted = await services.entries.submit(owner, id);
  if (!submitted.ok) throw new Error(JSON.stringify(submitted));
  await acceptSubmitted(services, id);
  const row = await db.kysely
    .selectFrom("entries")
    .select("code")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { id, code: row.code!, seasonId: Number(tvc.season_id), categoryId: String(tvc.id) };
}
