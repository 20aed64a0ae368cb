import { fileTypeFromBuffer } from "file-type";
import { registrationClosedKey } from "../../../core/registration-window";
import { licenceMaxBytes } from "../../../core/upload-rules";
import { FileRejected } from "../files/storage";
import {
  dbNow,
  findUserByEmail,
  isUniqueViolation,
  normaliseEmail,
  randomId,
  toRow,
} from "./queries";
import { LIMITS } from "./rate-limit";
import { consumed, localized, noticeRegistrationAttempt } from "./support";
import type { IdentityDeps, LicenceUpload, Outcome, RegistrantProfile, RequestMeta } from "./types";

/**
 * Creates the account (user, argon2id credential, registrant profile, the licence claimed)
 * in one transaction, then sends the verification email; the emailed link signs the person
 * in. An address that already has an account gets the same answer, and its owner an email
 * saying someone tried to register with it: the form never tells who has an account.
 * Nothing is stored (not even the licence) before the per-IP limit has passed, nor at all
 * outside the current season's registration window.
 */
export async function register(
  deps: IdentityDeps,
  input: {
    email: string;
    password: string;
    profile: RegistrantProfile;
    licence?: LicenceUpload | null;
  },
  meta: RequestMeta,
): Promise<Outcome> {
  const { db } = deps;
  // Outside the season's registration window nothing is stored and no attempt is counted.
  const closed = registrationClosedKey(await deps.registrationWindow());
  if (closed) return { ok: false, status: 403, formError: closed };
  const refused = await consumed(deps, [`register:ip:${meta.ip}`, LIMITS.registrationPerIp]);
  if (refused) return refused;
  // The licence's content is judged before anything else, so a bad file gets the same
  // answer whether or not the address has an account.
  if (input.licence) {
    const problem = await licenceProblem(input.licence);
    if (problem) {
      return {
        ok: false,
        status: 400,
        formError: problem,
        fieldErrors: { licenceFileId: problem },
      };
    }
  }
  const email = normaliseEmail(input.email);
  const context = await deps.auth.$context;
  const checkEmail: Outcome = { ok: true, headers: new Headers() };
  const existing = await findUserByEmail(db, email);
  if (existing) {
    // The same argon2 work as a new account, so the time taken tells nothing either.
    await context.password.hash(input.password);
    await noticeRegistrationAttempt(deps, existing);
    return checkEmail;
  }

  const profile = { ...input.profile };
  // The licence this attempt stores: removed again if the account is not made.
  let storedLicence: string | null = null;
  if (input.licence) {
    try {
      const stored = await deps.files.save({
        data: input.licence.data,
        purpose: "licence",
        ownerUserId: null,
        allowedMimes: input.licence.allowedMimes,
        maxBytes: input.licence.maxBytes,
        tooLargeKey: "validation.licenceTooLarge",
        wrongTypeKey: "validation.licenceType",
      });
      profile.licenceFileId = stored.id;
      storedLicence = stored.id;
    } catch (error) {
      if (!(error instanceof FileRejected)) throw error;
      return {
        ok: false,
        status: 400,
        formError: error.messageKey,
        fieldErrors: { licenceFileId: error.messageKey },
      };
    }
  }

  const passwordHash = await context.password.hash(input.password);
  const userId = context.generateId({ model: "user" }) || randomId();
  const accountId = context.generateId({ model: "account" }) || randomId();
  const stamp = dbNow(db);
  const iso = new Date().toISOString();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("user")
        .values({
          id: userId,
          name: profile.fullName,
          email,
          emailVerified: db.kind === "postgres" ? false : 0,
          image: null,
          createdAt: stamp,
          updatedAt: stamp,
          role: "entrant",
          lang: meta.lang,
          active: db.kind === "postgres" ? true : 1,
        })
        .execute();
      await trx
        .insertInto("account")
        .values({
          id: accountId,
          accountId: userId,
          providerId: "credential",
          userId,
          password: passwordHash,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute();
      if (profile.licenceFileId) {
        const claimed = await trx
          .updateTable("files")
          .set({ owner_user_id: userId })
          .where("id", "=", profile.licenceFileId)
          .where("owner_user_id", "is", null)
          .where("purpose", "=", "licence")
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) profile.licenceFileId = null;
      }
      await trx
        .insertInto("registrants")
        .values({ user_id: userId, ...toRow(profile), created_at: iso, updated_at: iso })
        .execute();
    });
  } catch (error) {
    // Nothing of this attempt stays: its licence would be owned by no account.
    if (storedLicence) await discardLicence(deps, storedLicence);
    // Two registrations of one address at the same moment: the second gets the answer of the
    // "taken" case (the pre-check's), and the owner the same notice.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(db, email);
    if (winner) await noticeRegistrationAttempt(deps, winner);
    return checkEmail;
  }

  try {
    await deps.auth.api.sendVerificationEmail({
      body: { email, callbackURL: localized(deps, "/tai-khoan?verified=1", meta.lang) },
    });
  } catch {
    // Logged by the mail service; the dashboard offers to send the link again.
  }
  return checkEmail;
}

/** Removes a licence stored for an account that was not made; else the sweep of unowned files does. */
async function discardLicence(deps: IdentityDeps, id: string): Promise<void> {
  try {
    await deps.files.discardUnowned(id);
  } catch {
    // Unowned, it is removed by the sweep within the hour (UNOWNED_FILE_GRACE_MS).
  }
}

/** Why a licence upload cannot be kept (the checks `files.save` makes), or null. */
export async function licenceProblem(licence: LicenceUpload): Promise<string | null> {
  if (licence.data.byteLength === 0) return "validation.licenceType";
  if (licence.data.byteLength > licence.maxBytes) return "validation.licenceTooLarge";
  const sniffed = await fileTypeFromBuffer(licence.data);
  if (!sniffed || !licence.allowedMimes.includes(sniffed.mime)) return "validation.licenceType";
  // A scan or photo is held to the image limit, whatever its name says: its content decides.
  return licence.data.byteLength > licenceMaxBytes(sniffed.mime)
    ? "validation.licenceTooLarge"
    : null;
}
