import { redirect, type AppLoadContext } from "react-router";
import { langOfPath, localizePath } from "../../../core/languages";
import type { JudgeIdentity } from "../../../server/load-context";

/** The signed-in judge (the judge session cookie), or null. */
export function currentJudge(request: Request, context: AppLoadContext) {
  return context.services.judging.judgeOfCookie(request.headers.get("cookie"));
}

/** A signed-in judge, or a redirect to the portal's sign-in page (in the page's language). */
export async function requireJudge(
  request: Request,
  context: AppLoadContext,
): Promise<JudgeIdentity> {
  const judge = await currentJudge(request, context);
  if (!judge) throw redirect(localizePath("/giam-khao", langOfPath(new URL(request.url).pathname)));
  return judge;
}
