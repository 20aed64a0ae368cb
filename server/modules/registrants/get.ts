import { isEntryStatus, type EntryStatus } from "../../../core/entry-status";
import type { Bilingual } from "../../../core/languages";
import type { RegistrantType } from "../../../core/registration";
import type { RegistrantsContext } from "./context";

/** The registrant's uploaded business licence, as stored (the page signs a link to it). */
export interface LicenceFile {
  id: string;
  mime: string;
  bytes: number;
  storageKey: string;
}

/** A registrant's profile and account, as staff see it. */
export interface RegistrantProfileView {
  id: string;
  type: RegistrantType;
  fullName: string;
  phone: string;
  address: string;
  personalId: string | null;
  companyName: string | null;
  businessRegistrationNumber: string | null;
  taxCode: string | null;
  email: string;
  emailVerified: boolean;
  active: boolean;
  lang: string;
  registeredAt: string;
  licence: LicenceFile | null;
}

/** One of the registrant's entries, every season. */
export interface RegistrantEntry {
  id: string;
  code: string | null;
  title: string;
  brandName: string;
  status: EntryStatus;
  seasonYear: number;
  category: Bilingual | null;
  updatedAt: string;
  submittedAt: string | null;
}

export interface RegistrantDetail extends RegistrantProfileView {
  entries: RegistrantEntry[];
}

/** The profile, account and licence of the registrant whose account is `userId`, or null. */
export async function registrantProfile(
  ctx: RegistrantsContext,
  userId: string,
): Promise<RegistrantProfileView | null> {
  if (typeof userId !== "string" || userId.length === 0 || userId.length > 64) return null;
  const row = await ctx.db.kysely
    .selectFrom("registrants as r")
    .innerJoin("user as u", "u.id", "r.user_id")
    .leftJoin("files as f", "f.id", "r.licence_file_id")
    .select([
      "r.user_id",
      "r.type",
      "r.full_name",
      "r.phone",
      "r.address",
      "r.personal_id",
      "r.company_name",
      "r.business_registration_number",
      "r.tax_code",
      "r.created_at",
      "u.email",
      "u.emailVerified",
      "u.active",
      "u.lang",
      "f.id as licence_id",
      "f.mime as licence_mime",
      "f.bytes as licence_bytes",
      "f.storage_key as licence_key",
    ])
    .where("r.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.user_id,
    type: row.type,
    fullName: row.full_name,
    phone: row.phone,
    address: row.address,
    personalId: row.personal_id,
    companyName: row.company_name,
    businessRegistrationNumber: row.business_registration_number,
    taxCode: row.tax_code,
    email: row.email,
    emailVerified: Boolean(Number(row.emailVerified)),
    active: Boolean(Number(row.active)),
    lang: row.lang,
    registeredAt: row.created_at,
    licence:
      row.licence_id && row.licence_key
        ? {
            id: row.licence_id,
            mime: row.licence_mime ?? "application/octet-stream",
            bytes: Number(row.licence_bytes ?? 0),
            storageKey: row.licence_key,
          }
        : null,
  };
}

/** A registrant with every entry of theirs (newest season first), or null. */
export async function getRegistrant(
  ctx: RegistrantsContext,
  userId: string,
): Promise<RegistrantDetail | null> {
  const profile = await registrantProfile(ctx, userId);
  if (!profile) return null;
  const rows = await ctx.db.kysely
    .selectFrom("entries as e")
    .innerJoin("seasons as s", "s.id", "e.season_id")
    .leftJoin("categories as c", "c.id", "e.category_id")
    .select([
      "e.id",
      "e.code",
      "e.campaign_name",
      "e.brand_name",
      "e.status",
      "e.updated_at",
      "e.submitted_at",
      "s.year",
      "c.name_vi",
      "c.name_en",
    ])
    .where("e.owner_user_id", "=", userId)
    .orderBy("s.year", "desc")
    .orderBy("e.created_at", "desc")
    .orderBy("e.id")
    .execute();
  return {
    ...profile,
    entries: rows.map((row) => ({
      id: row.id,
      code: row.code,
      title: row.campaign_name,
      brandName: row.brand_name,
      status: isEntryStatus(row.status) ? row.status : "draft",
      seasonYear: Number(row.year),
      category: row.name_vi !== null ? { vi: row.name_vi, en: row.name_en ?? row.name_vi } : null,
      updatedAt: row.updated_at,
      submittedAt: row.submitted_at,
    })),
  };
}
