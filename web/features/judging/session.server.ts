import { redirect, type AppLoadContext } from "react-router";
import { langOfPath, localizePath } from "../../../core/languages";
import type { JudgeIdentity } from "../../../server/load-context";

const COOKIE = "vx_judge";

/** The judge session token in the request's cookies, or null. */
export function judgeToken(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** The signed-in judge, or null. */
export function currentJudge(request: Request, context: AppLoadContext) {
  return context.services.judging.currentJudge(judgeToken(request));
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
