import { loadRegistrant } from "./queries";
import type { IdentityDeps, RegistrantProfile } from "./types";

/**
 * The entrant's registrant profile (seed §3), or null for an account without one. Read only by
 * the pages that show or change it, not with the signed-in person on every request.
 */
export function registrantProfile(
  deps: Pick<IdentityDeps, "db">,
  userId: string,
): Promise<RegistrantProfile | null> {
  return loadRegistrant(deps.db, userId);
}
