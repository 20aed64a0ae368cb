import type { IdentityDeps } from "./types";

/** Ends this session; answers the headers that clear its cookie (none when there was none). */
export async function signOut(deps: Pick<IdentityDeps, "auth">, headers: Headers) {
  try {
    const result = await deps.auth.api.signOut({ headers, returnHeaders: true });
    return result.headers;
  } catch {
    return new Headers();
  }
}

/**
 * Ends every session of this account, this one included. A session already ended (signed out
 * in another tab, or by a change of password) has nothing left to end: its cookie is cleared
 * all the same.
 */
export async function signOutEverywhere(
  deps: Pick<IdentityDeps, "auth">,
  headers: Headers,
): Promise<Headers> {
  try {
    await deps.auth.api.revokeSessions({ headers });
  } catch {
    // No session: the library refuses to revoke; signing out below still clears the cookie.
  }
  return signOut(deps, headers);
}
