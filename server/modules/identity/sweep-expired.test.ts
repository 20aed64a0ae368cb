import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/database";
import type { Services } from "../../services";
import { testDatabases } from "../../test-support/databases";
import { EXPIRED_ROWS_KEPT_MS, sweepExpired } from "./sweep-expired";
import { identityTestbed, meta, signInSession, uniqueEmail, withCookie } from "./testbed";

const HOUR_MS = 3600_000;

describe.each(testDatabases())("expired sessions and links swept on $name", (target) => {
  describe.skipIf(!target.available)("", () => {
    const { bed, registerIndividual } = identityTestbed(target);
    let db: Db;
    let services: Services;
    beforeAll(() => {
      ({ db, services } = bed);
    });

    // As better-auth keeps its times: timestamptz on PostgreSQL, ISO text on SQLite.
    const at = (time: Date) => (db.kind === "postgres" ? time : time.toISOString());

    const signedIn = (email: string) => signInSession(services, email);
    const expire = (token: string, time: Date) =>
      db.kysely
        .updateTable("session")
        .set({ expiresAt: at(time) })
        .where("token", "=", token)
        .execute();
    const sessionIds = async (tokens: string[]) =>
      (
        await db.kysely.selectFrom("session").select("token").where("token", "in", tokens).execute()
      ).map((row) => row.token);
    async function link(identifier: string, expiresAt: Date) {
      await db.kysely
        .insertInto("verification")
        .values({
          id: randomUUID(),
          identifier,
          value: "someone",
          expiresAt: at(expiresAt),
          createdAt: at(new Date()),
          updatedAt: at(new Date()),
        })
        .execute();
    }

    it("deletes sessions and links expired over a day ago, keeps the live and the just-expired", async () => {
      const email = uniqueEmail("quet");
      await registerIndividual(email);
      const live = await signedIn(email);
      const justExpired = await signedIn(email);
      const longExpired = await signedIn(email);
      const now = new Date();
      await expire(justExpired.token, new Date(now.getTime() - HOUR_MS));
      await expire(longExpired.token, new Date(now.getTime() - EXPIRED_ROWS_KEPT_MS - HOUR_MS));
      const tag = randomUUID();
      await link(`reset-password:live-${tag}`, new Date(now.getTime() + HOUR_MS));
      await link(`reset-password:recent-${tag}`, new Date(now.getTime() - HOUR_MS));
      await link(`reset-password:old-${tag}`, new Date(now.getTime() - 2 * EXPIRED_ROWS_KEPT_MS));

      expect(await sweepExpired({ db }, now)).toBeGreaterThanOrEqual(2);

      expect((await sessionIds([live.token, justExpired.token, longExpired.token])).sort()).toEqual(
        [live.token, justExpired.token].sort(),
      );
      const links = await db.kysely
        .selectFrom("verification")
        .select("identifier")
        .where("identifier", "like", `%${tag}`)
        .execute();
      expect(links.map((row) => row.identifier).sort()).toEqual(
        [`reset-password:live-${tag}`, `reset-password:recent-${tag}`].sort(),
      );
      // The live session still signs its owner in.
      expect((await services.identity.currentUser(withCookie(live.cookie)))?.email).toBe(email);
    });

    it("compares real rows as better-auth wrote them: a fresh session and reset link stay", async () => {
      const email = uniqueEmail("quet2");
      await registerIndividual(email);
      const session = await signedIn(email);
      expect((await services.identity.requestPasswordReset(email, meta())).ok).toBe(true);
      const userId = (
        await db.kysely
          .selectFrom("user")
          .select("id")
          .where("email", "=", email)
          .executeTakeFirstOrThrow()
      ).id;
      // Swept as if two days had passed: the session (14 days) stays, the hour-long link goes.
      await sweepExpired({ db }, new Date(Date.now() + 2 * EXPIRED_ROWS_KEPT_MS));
      expect(await sessionIds([session.token])).toEqual([session.token]);
      const links = await db.kysely
        .selectFrom("verification")
        .select("id")
        .where("value", "=", userId)
        .execute();
      expect(links).toEqual([]);
    });
  });
});
