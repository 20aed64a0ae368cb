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

/** Ends every session of this account, this one included. */
export async function signOutEverywhere(
  deps: Pick<IdentityDeps, "auth">,
  headers: Headers,
): Promise<Headers> {
  await deps.auth.api.revokeSessions({ headers });
  return signOut(deps, headers);
}
