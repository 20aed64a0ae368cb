import { redirect } from "react-router";
import { localizePath } from "../../core/languages";
import { requestMeta } from "../lib/session.server";
import type { Route } from "./+types/sign-out";
import { keepFormWhenUnanswered } from "../lib/unanswered-form";

/** POST only: ends this session (or every session with `everywhere`) and goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  const meta = requestMeta(request, context);
  const form = await request.formData();
  const headers =
    form.get("everywhere") === "1"
      ? await context.services.identity.signOutEverywhere(request.headers)
      : await context.services.identity.signOut(request.headers);
  throw redirect(localizePath("/", meta.lang), { headers });
}

export function loader({ request }: Route.LoaderArgs) {
  throw redirect(new URL(request.url).pathname.startsWith("/en") ? "/en" : "/");
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);
