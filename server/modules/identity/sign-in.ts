import { isStaffRole } from "../../../core/roles";
import { normaliseEmail } from "./queries";
import { LIMITS } from "./rate-limit";
import { consumed, fromAuthError, verifyAgainstNobody } from "./support";
import type { IdentityDeps, Outcome, RequestMeta } from "./types";

/**
 * Email + password; `staff` limits it to back-office accounts (and entrants to the public
 * one). Every attempt is counted before the password is checked: per IP, per account from
 * this IP and per account from all IPs (a far higher limit). Failures from one address lock
 * the account at that address only, so nobody can keep its owner out by failing on purpose.
 * A success clears the account's failures from this IP and gives the other two counts their
 * attempt back. An unknown address, the other door's account or a deactivated one cost the
 * same argon2 work as a wrong password and get the same answer.
 */
export async function signIn(
  deps: Pick<IdentityDeps, "db" | "auth" | "limiter">,
  input: { email: string; password: string },
  meta: RequestMeta,
  audience: "entrant" | "staff",
): Promise<Outcome> {
  const { db, auth, limiter } = deps;
  const email = normaliseEmail(input.email);
  const accountFromIpKey = `signin:account-ip:${meta.ip}:${email}`;
  const accountKey = `signin:account:${email}`;
  const ipKey = `signin:ip:${meta.ip}`;
  const refused = await consumed(
    deps,
    [ipKey, LIMITS.signInFailuresPerIp],
    [accountFromIpKey, LIMITS.signInFailuresPerAccountFromIp],
    [accountKey, LIMITS.signInFailuresPerAccount],
  );
  if (refused) return refused;
  const user = await db.kysely
    .selectFrom("user")
    .leftJoin("account", (join) =>
      join.onRef("account.userId", "=", "user.id").on("account.providerId", "=", "credential"),
    )
    .select(["user.id", "user.role", "user.active", "account.password"])
    .where("user.email", "=", email)
    .executeTakeFirst();
  const isStaff = isStaffRole(user?.role);
  const wrongAudience = user && (audience === "staff") !== isStaff;
  const inactive = user && (user.active === false || user.active === 0);
  // An invited staff member without a password yet is "no account" too.
  if (!user?.password || wrongAudience || inactive) {
    await verifyAgainstNobody(auth, input.password);
    return { ok: false, status: 401, formError: "auth.invalidCredentials" };
  }
  try {
    const result = await auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: meta.headers,
      returnHeaders: true,
    });
    await limiter.clear(accountFromIpKey);
    await limiter.refund(accountKey);
    await limiter.refund(ipKey);
    return { ok: true, headers: result.headers };
  } catch (error) {
    return fromAuthError(error);
  }
}
