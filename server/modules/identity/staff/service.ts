import type { Lang } from "../../../../core/languages";
import type { StaffRole } from "../../../../core/roles";
import type { Db } from "../../../db/database";
import { createAuditService, type Actor, type AuditService } from "../../audit/service";
import type { Auth } from "../auth";
import { changeStaffRole } from "./change-role";
import { inviteStaff, resendInvitation } from "./invite";
import { listUsers, type UserQuery } from "./list";
import { setStaffActive } from "./set-active";
import type { InvitationMail, StaffDeps } from "./shared";

export type { UserQuery, UserRow } from "./list";
export type { InvitationMail, StaffOutcome } from "./shared";

/**
 * Users and roles (admins, PRODUCT §1): the accounts table, staff invitations (an account
 * without a password plus a better-auth reset-password token, sent as an invitation email),
 * role changes and deactivation. There is always at least one active admin. Each operation
 * lives in its own file; given the acting staff member, it records its own audit entry.
 */
export type StaffService = ReturnType<typeof createStaffService>;

export function createStaffService(deps: {
  db: Db;
  auth: Auth;
  mail: InvitationMail;
  publicUrl: string;
  audit?: AuditService;
}) {
  const bound: StaffDeps = { ...deps, audit: deps.audit ?? createAuditService(deps.db) };
  return {
    list: (query: UserQuery = {}) => listUsers(deps.db, query),
    invite: (input: { email: string; name: string; role: StaffRole; lang: Lang }, actor?: Actor) =>
      inviteStaff(bound, input, actor),
    sendInvitation: (userId: string, actor?: Actor) => resendInvitation(bound, userId, actor),
    changeRole: (userId: string, role: StaffRole, actor?: Actor) =>
      changeStaffRole(bound, userId, role, actor),
    setActive: (userId: string, active: boolean, actor?: Actor) =>
      setStaffActive(bound, userId, active, actor),
  };
}
