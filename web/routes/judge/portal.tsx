import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, redirect, useActionData } from "react-router";
import { judgeCodeSchema } from "../../../core/judge-code";
import { langOfPath, localizePath, pickLang } from "../../../core/languages";
import { SectionHeading } from "../../components/section-heading";
import { SchemaForm } from "../../components/form/schema-form";
import { JudgeProgress } from "../../features/judging/progress";
import { judgeReturnPath } from "../../features/judging/return-path";
import { RoundDates, ScoringWindowNotice } from "../../features/judging/round-window";
import { currentJudge } from "../../features/judging/session.server";
import "../../features/judging/judging.css";
import { formValues, invalidForm, refusalResponse } from "../../lib/forms.server";
import { pageMeta } from "../../lib/meta";
import { useLang, useLocalizedPath } from "../../lib/site";
import type { Route } from "./+types/portal";
import { keepFormWhenUnanswered } from "../../lib/unanswered-form";
import { personalPageHeaders } from "../../lib/personal-page";

export const headers: Route.HeadersFunction = personalPageHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "judging.portal.title" }),
  { name: "robots", content: "noindex" },
];

/**
 * `/giam-khao`: the judge code form, or (signed in) the open rounds with their days and the
 * judge's progress; one that takes no score today says when it starts or that it ended.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const judge = await currentJudge(request, context);
  if (!judge) return { judge: null, rounds: [] };
  return { judge: { name: judge.name }, rounds: await context.services.judging.rounds(judge) };
}

/** Sign in with the code (rate-limited per address and per code), or sign out. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const here = localizePath("/giam-khao", langOfPath(new URL(request.url).pathname));
  if (form.get("intent") === "signOut") {
    await context.services.judging.signOutCookie(request.headers.get("cookie"));
    throw redirect(here, { headers: { "set-cookie": context.services.judging.clearedCookie() } });
  }
  const secret = { secret: ["code"] };
  const parsed = judgeCodeSchema.safeParse(formValues(form));
  if (!parsed.success) return refusalResponse(invalidForm(parsed.error), form, secret);
  const outcome = await context.services.judging.signIn(parsed.data, context.clientIp);
  if (!outcome.ok) return refusalResponse(outcome, form, secret);
  // Back to the portal page the judge was on when their session ended, if one is named.
  const next = judgeReturnPath(new URL(request.url).searchParams.get("next"));
  throw redirect(next ?? here, {
    headers: { "set-cookie": context.services.judging.sessionCookie(outcome.token) },
  });
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function JudgePortal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const lang = useLang();
  const result = useActionData<typeof action>();
  if (!loaderData.judge) {
    return (
      <div className="container page auth-card">
        <SectionHeading level={1} title={t("judging.portal.signIn.heading")} />
        <p>{t("judging.portal.signIn.lead")}</p>
        <SchemaForm
          schema={judgeCodeSchema}
          result={result}
          submitLabel={t("judging.portal.signIn.submit")}
          fields={[
            {
              name: "code",
              label: t("judging.portal.signIn.code"),
              hint: t("judging.portal.signIn.codeHint"),
              kind: "password",
              required: true,
              autoComplete: "one-time-code",
            },
          ]}
        />
        <p>{t("judging.portal.signIn.lost")}</p>
      </div>
    );
  }
  return (
    <div className="container page">
      <SectionHeading level={1} title={t("judging.portal.title")} />
      <p>{t("judging.portal.welcome", { name: loaderData.judge.name })}</p>
      <p className="tree-node__meta">{t("judging.portal.blindNote")}</p>
      <h2>{t("judging.portal.rounds.heading")}</h2>
      {loaderData.rounds.length === 0 ? (
        <p>{t("judging.portal.rounds.empty")}</p>
      ) : (
        <ul className="link-list">
          {loaderData.rounds.map((round) => (
            <li key={round.id} className="panel">
              <h3>{pickLang(round.name, lang)}</h3>
              <RoundDates round={round} />
              <ScoringWindowNotice round={round} />
              <JudgeProgress progress={round.progress} />
              <p>
                <Link className="button button--primary" to={to(`/giam-khao/vong/${round.id}`)}>
                  {t("judging.portal.rounds.open")}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="signOut" />
        <button type="submit" className="button button--secondary">
          {t("judging.portal.signOut")}
        </button>
      </Form>
    </div>
  );
}
