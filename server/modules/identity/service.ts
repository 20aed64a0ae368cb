import { createEntrant, createStaff, markEmailVerified } from "./accounts";
import { changeEmail } from "./change-email";
import { changePassword } from "./change-password";
import { currentUser } from "./current-user";
import { setEmailLanguage } from "./set-email-language";
import { passwordLinkPurpose, requestPasswordReset, resetPassword } from "./password-reset";
import { register } from "./register";
import { registrantProfile } from "./registrant-profile";
import { replaceLicence } from "./replace-licence";
import { resendVerification } from "./resend-verification";
import { signIn } from "./sign-in";
import { signOut, signOutEverywhere } from "./sign-out";
import { sweepExpired } from "./sweep-expired";
import type { IdentityDeps } from "./types";
import { updateProfile } from "./update-profile";

export type IdentityService = ReturnType<typeof createIdentityService>;

/**
 * Accounts and sessions, as page loaders and actions call them (`services.identity`): each
 * operation lives in its own file beside this one and takes its dependencies first; this
 * binds them once.
 */
export function createIdentityService(deps: IdentityDeps) {
  const bind =
    <A extends unknown[], R>(operation: (deps: IdentityDeps, ...args: A) => R) =>
    (...args: A): R =>
      operation(deps, ...args);
  return {
    currentUser: bind(currentUser),
    registrantProfile: bind(registrantProfile),
    register: bind(register),
    signIn: bind(signIn),
    signOut: bind(signOut),
    signOutEverywhere: bind(signOutEverywhere),
    requestPasswordReset: bind(requestPasswordReset),
    passwordLinkPurpose: bind(passwordLinkPurpose),
    resetPassword: bind(resetPassword),
    changePassword: bind(changePassword),
    changeEmail: bind(changeEmail),
    resendVerification: bind(resendVerification),
    updateProfile: bind(updateProfile),
    replaceLicence: bind(replaceLicence),
    setEmailLanguage: bind(setEmailLanguage),
    createStaff: bind(createStaff),
    createEntrant: bind(createEntrant),
    markEmailVerified: bind(markEmailVerified),
    /** Sessions and emailed links expired a day ago or more, deleted (a scheduled job). */
    sweepExpired: bind(sweepExpired),
  };
}
