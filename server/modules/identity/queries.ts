import { randomBytes } from "node:crypto";
import type { Db } from "../../db/database";
import type { RegistrantTable } from "../../db/schema";
import type { RegistrantProfile } from "./types";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function loadRegistrant(db: Db, userId: string): Promise<RegistrantProfile | null> {
  const row = await db.kysely
    .selectFrom("registrants")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? toProfile(row) : null;
}

/** The account an address belongs to (for the "someone tried to register it" notice). */
export async function findUserByEmail(db: Db, email: string) {
  return db.kysely
    .selectFrom("user")
    .select(["id", "name", "email", "lang"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/** Whether an address belongs to an account other than `userId`'s. */
export async function addressTaken(db: Db, email: string, userId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .where("id", "!=", userId)
    .executeTakeFirst();
  return Boolean(row);
}

export function randomId(): string {
  return randomBytes(24).toString("base64url");
}

/** A second row with the same unique value (SQLite's message, PostgreSQL's SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === "23505" || /UNIQUE constraint failed/i.test(String(e?.message ?? ""));
}

/** A timestamp for better-auth's tables in the form each database stores it. */
export function dbNow(db: Db): string | Date {
  return db.kind === "postgres" ? new Date() : new Date().toISOString();
}

export function toProfile(row: RegistrantTable): RegistrantProfile {
  return {
    type: row.type,
    fullName: row.full_name,
    phone: row.phone,
    address: row.address,
    personalId: row.personal_id,
    companyName: row.company_name,
    businessRegistrationNumber: row.business_registration_number,
    taxCode: row.tax_code,
    licenceFileId: row.licence_file_id,
  };
}

export function toRow(profile: RegistrantProfile) {
  return {
    type: profile.type,
    full_name: profile.fullName,
    phone: profile.phone,
    address: profile.address,
    personal_id: profile.personalId,
    company_name: profile.companyName,
    business_registration_number: profile.businessRegistrationNumber,
    tax_code: profile.taxCode,
    licence_file_id: profile.licenceFileId,
  };
}
