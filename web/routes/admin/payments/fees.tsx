import { useActionData } from "react-router";
import { formatVietnamDateTime, formatVnd } from "../../../../core/dates";
import { langOfPath, pickLang, type Lang } from "../../../../core/languages";
import { refusal, type Refusal } from "../../../../core/refusal";
import { isStaffRole } from "../../../../core/roles";
import { categoryFeesSchema, seasonToShow } from "../../../../core/season-admin";
import {
  SchemaForm,
  type FormFieldSpec,
  type FormResult,
} from "../../../components/form/schema-form";
import { FlashMessage } from "../../../features/back-office/flash";
import { YearPicker } from "../../../features/content-editing/year-picker";
import { actorOf, idField, redirectWithNotice } from "../../../features/back-office/form.server";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import "../../../features/payments-admin/payments-admin.css";
import { useTranslation } from "../../../i18n/use-translation";
import { formValues, invalidForm, refusalResponse } from "../../../lib/forms.server";
import { requireStaff } from "../../../lib/session.server";
import type { Route } from "./+types/fees";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("paymentAdmin.fees.title");

const PATH = "/quan-tri/thanh-toan/le-phi";

/** The fees the page showed: never echoed back, so after a refusal the form holds the fresh ones. */
const SEEN_FIELDS = ["currentFeeVnd", "currentEarlyBirdFeeVnd", "currentLateFeeVnd"] as const;

const nameIn = (lang: Lang, item: { nameVi: string; nameEn: string }) =>
  pickLang({ vi: item.nameVi, en: item.nameEn }, lang);

/** `/quan-tri/thanh-toan/le-phi?year=2026`: every category's fees in a season (finance, admins). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "payments");
  const url = new URL(request.url);
  const lang = langOfPath(url.pathname);
  const { seasonsAdmin, settings } = context.services;
  const seasons = await seasonsAdmin.list();
  const current = (await settings.get()).currentSeasonYear;
  const season = seasonToShow(seasons, Number(url.searchParams.get("year")), current);
  const tree = season ? await seasonsAdmin.tree(season.year) : [];
  return {
    lang,
    years: seasons.map((s) => s.year),
    season: season
      ? {
          year: season.year,
          name: nameIn(lang, season),
          earlyBirdDeadline: formatVietnamDateTime(season.earlyBirdDeadline),
          submissionClosesAt: formatVietnamDateTime(season.submissionClosesAt),
          lateDeadline: formatVietnamDateTime(season.lateDeadline),
        }
      : null,
    tracks: tree
      .map((track) => ({
        id: track.id,
        code: track.code,
        name: nameIn(lang, track),
        groups: track.groups
          .map((group) => ({
            id: group.id,
            name: nameIn(lang, group),
            categories: group.categories.map((c) => ({
              id: c.id,
              code: c.code,
              name: nameIn(lang, c),
              feeVnd: c.feeVnd,
              earlyBirdFeeVnd: c.earlyBirdFeeVnd,
              lateFeeVnd: c.lateFeeVnd,
            })),
          }))
          .filter((group) => group.categories.length > 0),
      }))
      .filter((track) => track.groups.length > 0),
  };
}

/** Save one category's fees: authorize → the core schema → the operation (it audits). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "payments");
  if (!isStaffRole(user.role)) throw new Response("Forbidden", { status: 403 });
  const form = await request.formData();
  const id = idField(form, "categoryId");
  const answer = (refused: Refusal) =>
    refusalResponse(refused, form, {
      ...(id ? { formKey: `fees-${id}` } : {}),
      secret: SEEN_FIELDS,
    });
  if (form.get("intent") !== "fees" || id === null) {
    return answer(refusal(400, "adminPlatform.errors.badRequest"));
  }
  const parsed = categoryFeesSchema.safeParse(formValues(form));
  if (!parsed.success) return answer(invalidForm(parsed.error));
  const outcome = await context.services.seasonsAdmin.updateCategoryFees(
    parsed.data.categoryId,
    parsed.data,
    actorOf(user, context),
  );
  if (!outcome.ok) return answer(outcome);
  return redirectWithNotice(
    request,
    `${PATH}?year=${outcome.seasonYear}`,
    "paymentAdmin.fees.saved",
  );
}

type Category =
  Route.ComponentProps["loaderData"]["tracks"][number]["groups"][number]["categories"][number];

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminFees({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const { lang, years, season, tracks } = loaderData;
  const deadlines = season
    ? ([
        ["earlyBirdDeadline", season.earlyBirdDeadline],
        ["submissionClosesAt", season.submissionClosesAt],
        ["lateDeadline", season.lateDeadline],
      ] as const)
    : [];
  const fee = (key: "standard" | "earlyBird" | "late", amount: number | null) =>
    t(`paymentAdmin.fees.${key}`, {
      amount: amount === null ? t("paymentAdmin.fees.sameAsStandard") : formatVnd(amount, lang),
    });
  return (
    <AdminPage
      title={t("paymentAdmin.fees.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("paymentAdmin.title"), to: "/quan-tri/thanh-toan" },
        { label: t("paymentAdmin.fees.title") },
      ]}
      lead={t("paymentAdmin.fees.lead")}
    >
      <FlashMessage />
      {season === null ? (
        <p className="empty-state" role="status">
          {t("paymentAdmin.fees.noSeason")}
        </p>
      ) : (
        <>
          <YearPicker years={years} year={season.year} />
          <h2>
            {season.name} ({season.year})
          </h2>
          <dl className="payment-totals" aria-label={t("paymentAdmin.fees.deadlines")}>
            {deadlines.map(([key, at]) => (
              <div key={key}>
                <dt>{t(`paymentAdmin.fees.${key}`)}</dt>
                <dd>{at || t("paymentAdmin.fees.notSet")}</dd>
              </div>
            ))}
          </dl>
          {tracks.length === 0 ? (
            <p className="empty-state" role="status">
              {t("paymentAdmin.fees.empty")}
            </p>
          ) : (
            tracks.map((track) => (
              <section key={track.id} aria-labelledby={`fees-track-${track.id}`}>
                <h2 id={`fees-track-${track.id}`}>
                  {track.code} · {track.name}
                </h2>
                {track.groups.map((group) => (
                  <div key={group.id} className="table-scroll">
                    <table className="table">
                      <caption>{group.name}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t("paymentAdmin.fees.code")}</th>
                          <th scope="col">{t("paymentAdmin.fees.category")}</th>
                          <th scope="col">{t("paymentAdmin.fees.current")}</th>
                          <th scope="col">{t("paymentAdmin.fees.edit")}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {group.categories.map((category) => (
                          <tr key={category.id}>
                            <td>{category.code}</td>
                            <th scope="row">{category.name}</th>
                            <td>
                              {fee("standard", category.feeVnd)}
                              <br />
                              {fee("earlyBird", category.earlyBirdFeeVnd)}
                              <br />
                              {fee("late", category.lateFeeVnd)}
                            </td>
                            <td>
                              <FeesForm category={category} result={result} />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ))}
              </section>
            ))
          )}
        </>
      )}
    </AdminPage>
  );
}

/** One category's three fees, with the ones the page showed as the version a save checks. */
function FeesForm({ category, result }: { category: Category; result: FormResult | undefined }) {
  const { t } = useTranslation();
  const text = (amount: number | null) => (amount === null ? "" : String(amount));
  const seen = {
    currentFeeVnd: String(category.feeVnd),
    currentEarlyBirdFeeVnd: text(category.earlyBirdFeeVnd),
    currentLateFeeVnd: text(category.lateFeeVnd),
  };
  const hidden = (name: string): FormFieldSpec => ({ name, label: name, kind: "hidden" });
  const optional = (name: string): FormFieldSpec => ({
    name,
    label: t(`adminPlatform.fields.${name}`),
    inputMode: "numeric",
    hint: t("adminPlatform.fields.optionalFeeHint"),
    row: "fees",
  });
  return (
    <SchemaForm
      // Saved elsewhere: a fresh form whose version is the new fees.
      key={Object.values(seen).join("/")}
      schema={categoryFeesSchema}
      formKey={`fees-${category.id}`}
      intent="fees"
      wide
      fields={[
        hidden("categoryId"),
        ...SEEN_FIELDS.map(hidden),
        {
          name: "feeVnd",
          label: t("adminPlatform.fields.feeVnd"),
          required: true,
          inputMode: "numeric",
          row: "fees",
        },
        optional("earlyBirdFeeVnd"),
        optional("lateFeeVnd"),
      ]}
      defaults={{
        categoryId: String(category.id),
        ...seen,
        feeVnd: String(category.feeVnd),
        earlyBirdFeeVnd: text(category.earlyBirdFeeVnd),
        lateFeeVnd: text(category.lateFeeVnd),
      }}
      submitLabel={t("paymentAdmin.fees.save")}
      result={result}
    />
  );
}
