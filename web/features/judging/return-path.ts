import { safeNextPath } from "../../../core/paths";

/** A page of the judge portal, in either language: `/giam-khao/…` or `/en/giam-khao/…`. */
const JUDGE_PAGE = /^(\/en)?\/giam-khao(\/[\w-]+)*\/?(\?[^#]*)?$/;

/**
 * Where a judge goes back to after signing in again (`?next=`): a local page of the judge
 * portal (the entry they were scoring), else null. Anything else (another part of the site,
 * another site, a path hidden behind encoding) is refused, so the sign-in never sends a judge
 * elsewhere.
 */
export function judgeReturnPath(value: string | null | undefined): string | null {
  const path = safeNextPath(value, "");
  return path !== "" && JUDGE_PAGE.test(path) ? path : null;
}

/** The portal's sign-in page (`signInPath`) that returns to `returnTo` once signed in. */
export function judgeSignInPath(signInPath: string, returnTo: string): string {
  const next = judgeReturnPath(returnTo);
  return next ? `${signInPath}?next=${encodeURIComponent(next)}` : signInPath;
}
