import { JUDGE_COOKIE } from "./current-judge";
import { JUDGE_SESSION_HOURS } from "./sign-in";

/** The judge's session cookie: httpOnly, SameSite=Lax, Secure when the site is on HTTPS. */
export function judgeCookie(token: string, secure: boolean): string {
  return [
    `${JUDGE_COOKIE}=${encodeURIComponent(token)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${JUDGE_SESSION_HOURS * 3600}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The cookie that ends the judge's session in the browser. */
export function clearedJudgeCookie(secure: boolean): string {
  return [
    `${JUDGE_COOKIE}=`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
