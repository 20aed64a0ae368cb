import { fromAuthError } from "./support";
import type { IdentityDeps, Outcome } from "./types";

/** A new password for the signed-in account; every other session of it ends. */
export async function changePassword(
  deps: Pick<IdentityDeps, "auth">,
  headers: Headers,
  input: { currentPassword: string; newPassword: string },
): Promise<Outcome> {
  try {
    const result = await deps.auth.api.changePassword({
      body: { ...input, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return { ok: true, headers: result.headers };
  } catch (error) {
    const refused = fromAuthError(error);
    if (refused.status === 400) {
      return { ...refused, fieldErrors: { currentPassword: "auth.wrongPassword" } };
    }
    return refused;
  }
}
