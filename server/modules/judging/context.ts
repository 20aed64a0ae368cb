import { createHash, createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import { dayInVietnam } from "../../../core/dates";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import type { AuditService } from "../audit/service";
import type { RateLimiter } from "../identity/rate-limit";
import type { MailService } from "../mail/service";
import type { JudgeCopies } from "../media/judge-copies";
import type { MediaService } from "../media/service";
import type { Storage } from "../storage";

export interface JudgingDeps {
  audit?: Pick<AuditService, "record">;
  /** Judges' codes are sent; entrants' status emails are queued with the moves they tell of. */
  mail: Pick<MailService, "send" | "queue" | "retryDue" | "isRetrying">;
  storage: Pick<Storage, "signedUrl">;
  /** Entry images' variants, signed for a short while. */
  images?: Pick<MediaService, "resolveMany">;
  /** Judges' copies of entries' PDFs; without it a judge gets no PDF at all. */
  judgeCopies?: Pick<JudgeCopies, "statesOf">;
  limiter: RateLimiter;
  /** The site secret: judge codes are kept as an HMAC under a key derived from it. */
  secret: string;
  publicUrl?: string;
  /** Called when published winners change (clears the anonymous HTML cache). */
  onContentChange?: () => void;
  /** Cookies marked Secure (the site is served over HTTPS). */
  secureCookies?: boolean;
  clock?: () => Date;
  /** Where failures that must not fail the operation go (an entrant's email not sent). */
  logger?: { error: (obj: object, msg: string) => void };
}

export type Q = Kysely<Database>;

export interface JudgingContext {
  db: Db;
  deps: JudgingDeps;
  clock: () => Date;
  now: () => string;
  /** Today in Vietnam by the clock, as ISO `YYYY-MM-DD` (a round's dates are such days). */
  today: () => string;
  publicUrl: string;
  /** The keyed hash a code is stored and looked up by. */
  hashCode: (code: string) => string;
}

export function judgingContext(db: Db, deps: JudgingDeps): JudgingContext {
  const clock = deps.clock ?? (() => new Date());
  const key = createHash("sha256").update(`vx-judge-code:${deps.secret}`).digest();
  return {
    db,
    deps,
    clock,
    now: () => clock().toISOString(),
    today: () => dayInVietnam(clock()),
    publicUrl: deps.publicUrl ?? "http://localhost:3000",
    hashCode: (code) => createHmac("sha256", key).update(code).digest("hex"),
  };
}

/** The SHA-256 of a session token (what the judge_sessions table keeps). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
