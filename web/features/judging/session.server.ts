import { redirect, type AppLoadContext } from "react-router";
import { langOfPath, localizePath } from "../../../core/languages";
import type { JudgeIdentity } from "../../../server/load-context";
import { judgeSignInPath } from "./return-path";

/** The signed-in judge (the judge session cookie), or null. */
export function currentJudge(request: Request, context: AppLoadContext) {
  return context.services.judging.judgeOfCookie(request.headers.get("cookie"));
}

/**
 * A signed-in judge, or a redirect to the portal's sign-in page (in the page's language), which
 * returns the judge to this page once signed in again.
 */
export async function requireJudge(
  request: Request,
  context: AppLoadContext,
): Promise<JudgeIdentity> {
  const judge = await currentJudge(request, context);
  if (!judge) {
    const url = new URL(request.url);
    const signIn = localizePath("/giam-khao", langOfPath(url.pathname));
    throw redirect(judgeSignInPath(signIn, url.pathname + url.search));
  }
  return judge;
}
