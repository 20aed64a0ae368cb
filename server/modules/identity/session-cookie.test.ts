import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/database";
import type { Services } from "../../services";
import { testDatabases } from "../../test-support/databases";
import { readSessionCookie } from "./session-cookie";
import type { Auth } from "./auth";
import { identityTestbed, signInSession, uniqueEmail, withCookie } from "./testbed";

const DAY_MS = 24 * 3600_000;

describe.each(testDatabases())("the session cookie read on $name", (target) => {
  describe.skipIf(!target.available)("without better-auth's lookup where it can be", () => {
    const { bed, registerIndividual } = identityTestbed(target);
    let db: Db;
    let services: Services;
    let auth: Auth;
    beforeAll(() => {
      ({ db, services } = bed);
      auth = services.auth;
    });

    async function signedIn(): Promise<{ email: string; cookie: string; token: string }> {
      const email = uniqueEmail("phien");
      await registerIndividual(email);
      return { email, ...(await signInSession(services, email)) };
    }

    const sessionOf = (token: string) =>
      db.kysely
        .selectFrom("session")
        .select(["expiresAt", "userId"])
        .where("token", "=", token)
        .executeTakeFirst();
    const setExpiry = (token: string, at: Date) =>
      db.kysely
        .updateTable("session")
        .set({ expiresAt: db.kind === "postgres" ? at : at.toISOString() })
        .where("token", "=", token)
        .execute();

    it("reads a fresh session's user in one statement, as better-auth's lookup would", async () => {
      const { email, cookie } = await signedIn();
      const read = await readSessionCookie({ auth, db }, cookie);
      expect(read.kind).toBe("user");
      const viaAuth = await auth.api.getSession({ headers: withCookie(cookie) });
      expect(read.kind === "user" && read.user.id).toBe(viaAuth?.user.id);
      expect((await services.identity.currentUser(withCookie(`a=1; ${cookie}; b=2`)))?.email).toBe(
        email,
      );
    });

    it("is nobody with a forged or altered signature, or a token no session has", async () => {
      const { cookie, token } = await signedIn();
      const [name, value] = [
        cookie.slice(0, cookie.indexOf("=")),
        cookie.slice(cookie.indexOf("=") + 1),
      ];
      const signed = decodeURIComponent(value);
      const signature = signed.slice(signed.lastIndexOf(".") + 1);
      const altered = signature[0] === "A" ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
      const secret = (await auth.$context).secret;
      const sign = (text: string) => createHmac("sha256", secret).update(text).digest("base64");
      const unknownToken = "x".repeat(token.length);
      for (const forged of [
        `${token}.${altered}`,
        `${token}.${sign(`${token}x`)}`,
        `${token}x.${signature}`,
        token,
        `.${signature}`,
        `${unknownToken}.${sign(unknownToken)}`,
      ]) {
        const headers = withCookie(`${name}=${encodeURIComponent(forged)}`);
        expect(await readSessionCookie({ auth, db }, headers.get("cookie")!)).toEqual({
          kind: "nobody",
        });
        expect(await services.identity.currentUser(headers)).toBeNull();
        // better-auth agrees.
        expect(await auth.api.getSession({ headers })).toBeNull();
      }
    });

    it("leaves a session due to be extended to better-auth, which extends it", async () => {
      const { email, cookie, token } = await signedIn();
      // Made two days ago: past the daily update age, far from its 14-day end.
      const due = new Date(Date.now() + 12 * DAY_MS);
      await setExpiry(token, due);
      expect(await readSessionCookie({ auth, db }, cookie)).toEqual({ kind: "ask" });
      expect((await services.identity.currentUser(withCookie(cookie)))?.email).toBe(email);
      const extended = new Date((await sessionOf(token))!.expiresAt).getTime();
      expect(extended).toBeGreaterThan(due.getTime() + DAY_MS);
      expect((await readSessionCookie({ auth, db }, cookie)).kind).toBe("user");
    });

    it("leaves an expired session to better-auth, which deletes it: nobody", async () => {
      const { cookie, token } = await signedIn();
      await setExpiry(token, new Date(Date.now() - 60_000));
      expect(await readSessionCookie({ auth, db }, cookie)).toEqual({ kind: "ask" });
      expect(await services.identity.currentUser(withCookie(cookie))).toBeNull();
      expect(await sessionOf(token)).toBeUndefined();
    });

    it("asks better-auth when a cached-session or don't-remember cookie comes along", async () => {
      const { email, cookie } = await signedIn();
      const context = await auth.$context;
      for (const other of [
        context.authCookies.sessionData.name,
        context.authCookies.dontRememberToken.name,
      ]) {
        const both = `${cookie}; ${other}=e30`;
        expect(await readSessionCookie({ auth, db }, both)).toEqual({ kind: "ask" });
        // better-auth refuses a cached session it cannot verify; a bad don't-remember is ignored.
        const user = await services.identity.currentUser(withCookie(both));
        expect(user === null || user.email === email).toBe(true);
      }
    });

    it("is nobody for a deactivated account", async () => {
      const { email, cookie } = await signedIn();
      await db.kysely
        .updateTable("user")
        .set({ active: db.kind === "postgres" ? false : 0 })
        .where("email", "=", email)
        .execute();
      expect((await readSessionCookie({ auth, db }, cookie)).kind).toBe("user");
      expect(await services.identity.currentUser(withCookie(cookie))).toBeNull();
    });
  });
});
