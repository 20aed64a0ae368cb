import { useTranslation } from "../../i18n/use-translation";
import { Link, useActionData } from "react-router";
import { formatDate, formatVietnamDateTime } from "../../../core/dates";
import { refusal } from "../../../core/refusal";
import {
  correctSeasonSchema,
  deleteSeasonSchema,
  firstSeasonDefaults,
  firstSeasonSchema,
  makeCurrentSchema,
  nextSeasonDefaults,
  nextSeasonSchema,
  parseNodeParam,
  SEASON_DATE_FIELDS,
  seasonDatesSchema,
  seasonToShow,
  seasonDatesToIso,
  TREE_NODE_KINDS,
  TREE_NODE_SCHEMAS,
  type TreeNodeKind,
} from "../../../core/season-admin";
import { FormAlert } from "../../components/form/field";
import { AdminPage } from "../../features/back-office/page";
import { backOfficeMeta } from "../../features/back-office/meta";
import { FlashMessage } from "../../features/back-office/flash";
import { type FormResult } from "../../components/form/schema-form";
import {
  actorOf,
  idField,
  redirectWithNotice,
  refused,
  submitForm,
} from "../../features/back-office/form.server";
import { AddTrack, CategoryTree } from "../../features/seasons/category-tree";
import { SeasonDatesForm, type SeasonDatesValues } from "../../features/seasons/season-dates-form";
import { SEASONS_PATH } from "../../features/seasons/paths";
import { MakeCurrent, NextSeasonForm } from "../../features/seasons/season-lifecycle";
import { FirstSeasonForm } from "../../features/seasons/first-season-form";
import { SeasonRemoval } from "../../features/seasons/season-removal";
import { requireStaff } from "../../lib/session.server";
import { useLocalizedPath } from "../../lib/site";
import type { Route } from "./+types/seasons";
import { keepFormWhenUnanswered } from "../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("adminPlatform.seasons.title");

/** `/quan-tri/mua-giai?year=2026`: a season's dates and its category tree (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "seasons");
  const url = new URL(request.url);
  const { seasonsAdmin, settings } = context.services;
  const seasons = await seasonsAdmin.list();
  const current = (await settings.get()).currentSeasonYear;
  const asked = Number(url.searchParams.get("year"));
  const year = seasonToShow(seasons, asked, current)?.year ?? null;
  const season = year === null ? null : await seasonsAdmin.get(year);
  const tree = year === null ? [] : await seasonsAdmin.tree(year);
  // What making this season current would stop, and what deleting it would need gone.
  const outgoing = year === null ? null : await seasonsAdmin.outgoing(year);
  const attachments = year === null ? null : await seasonsAdmin.attachments(year);
  const day = (iso: string) => formatDate(iso, "vi");
  return {
    seasons: seasons.map((s) => ({ year: s.year, nameVi: s.nameVi })),
    currentYear: current,
    season: season
      ? ({
          year: season.year,
          nameVi: season.nameVi,
          nameEn: season.nameEn,
          dates: Object.fromEntries(
            SEASON_DATE_FIELDS.map((field) => [field, formatVietnamDateTime(season[field])]),
          ) as SeasonDatesValues["dates"],
        } satisfies SeasonDatesValues)
      : null,
    next: season
      ? nextSeasonDefaults(
          { year: season.year, code: season.code, nameVi: season.nameVi, nameEn: season.nameEn },
          seasons.map((s) => s.year),
        )
      : null,
    code: season?.code ?? "",
    outgoing: outgoing
      ? {
          year: outgoing.year,
          registration: outgoing.intake.registration
            ? {
                closesOn: outgoing.intake.registration.closesAt
                  ? day(outgoing.intake.registration.closesAt)
                  : null,
              }
            : null,
          submission: outgoing.intake.submission
            ? {
                closesOn: day(outgoing.intake.submission.closesAt),
                late: outgoing.intake.submission.late,
              }
            : null,
          submittedUnpaid: outgoing.submittedUnpaid,
        }
      : null,
    attachments,
    // An install without any season (no demo data) starts here: the form that creates one.
    first: seasons.length === 0 ? firstSeasonDefaults(new Date()) : null,
    tree,
    edit: parseNodeParam(url.searchParams.get("edit")),
    add: parseNodeParam(url.searchParams.get("add")),
  };
}

/**
 * The first season of an install that has none, the dates form, a tree node's create/update
 * form, a node's move and delete buttons, the next season made from this one, making this
 * season the current one, and correcting the year and code of a season made by mistake, or
 * deleting it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "seasons");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const formKey = String(form.get("formKey") ?? intent);
  const { seasonsAdmin } = context.services;
  const actor = actorOf(user, context);
  const year = Number(form.get("year"));
  const back = (y: number, notice: string) =>
    redirectWithNotice(request, `${SEASONS_PATH}?year=${y}`, notice);
  const badRequest = () =>
    refused(refusal(400, "adminPlatform.errors.badRequest"), form, { formKey });

  if (intent === "dates") {
    return submitForm(
      form,
      seasonDatesSchema,
      (input) =>
        seasonsAdmin.updateSeason(
          year,
          { nameVi: input.nameVi, nameEn: input.nameEn, ...seasonDatesToIso(input) },
          actor,
        ),
      () => back(year, "adminPlatform.notices.saved"),
      { formKey },
    );
  }

  if (intent === "createFirst") {
    return submitForm(
      form,
      firstSeasonSchema,
      (input) => seasonsAdmin.createFirst(input, actor),
      (created) => back(created.season.year, "adminPlatform.seasons.first.created"),
      { formKey },
    );
  }
  if (intent === "createNext") {
    return submitForm(
      form,
      nextSeasonSchema,
      (input) => seasonsAdmin.createFromPrevious(input, actor),
      (created) => back(created.season.year, "adminPlatform.seasons.next.created"),
      { formKey },
    );
  }
  if (intent === "makeCurrent") {
    return submitForm(
      form,
      makeCurrentSchema,
      (input) =>
        seasonsAdmin.makeCurrent(input.year, { acknowledgeOpen: input.acknowledgeOpen }, actor),
      (made) => back(made.year, "adminPlatform.seasons.makeCurrent.done"),
      { formKey },
    );
  }
  if (intent === "correctSeason") {
    return submitForm(
      form,
      correctSeasonSchema,
      (input) => seasonsAdmin.correctSeason(input, actor),
      (corrected) => back(corrected.year, "adminPlatform.seasons.correct.done"),
      { formKey },
    );
  }
  if (intent === "deleteSeason") {
    return submitForm(
      form,
      deleteSeasonSchema,
      (input) => seasonsAdmin.deleteSeason(input.year, actor),
      () => redirectWithNotice(request, SEASONS_PATH, "adminPlatform.seasons.remove.done"),
      { formKey },
    );
  }

  const kind = String(form.get("kind") ?? "") as TreeNodeKind;
  if (!(TREE_NODE_KINDS as readonly string[]).includes(kind)) return badRequest();
  const id = idField(form, "id");

  if (intent === "create" || intent === "update") {
    return submitForm(
      form,
      TREE_NODE_SCHEMAS[kind],
      (input) =>
        seasonsAdmin.saveNode(
          { kind, mode: intent, year, parentId: idField(form, "parentId"), id },
          input,
          actor,
        ),
      (saved) => back(saved.seasonYear, "adminPlatform.notices.saved"),
      { formKey },
    );
  }
  if (id === null) return badRequest();
  if (intent === "move") {
    const direction = form.get("direction") === "up" ? "up" : "down";
    const moved = await seasonsAdmin.move(kind, id, direction, actor);
    if (!moved.ok) return refused(moved, form, { formKey });
    return { ok: true, formKey, notice: "adminPlatform.notices.moved" } satisfies FormResult;
  }
  if (intent === "delete") {
    const deleted = await seasonsAdmin.remove(kind, id, actor);
    if (!deleted.ok) return refused(deleted, form, { formKey });
    return back(deleted.seasonYear, "adminPlatform.notices.deleted");
  }
  return badRequest();
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminSeasons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const {
    seasons,
    season,
    tree,
    edit,
    add,
    currentYear,
    next,
    outgoing,
    attachments,
    code,
    first,
  } = loaderData;
  const treeError =
    result && !result.ok && result.formKey?.startsWith("tree:") ? result : undefined;

  return (
    <AdminPage
      title={t("adminPlatform.seasons.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("adminPlatform.seasons.title") },
      ]}
      lead={t("adminPlatform.seasons.lead")}
    >
      <FlashMessage />
      <nav aria-label={t("adminPlatform.seasons.listLabel")}>
        <ul className="season-list">
          {seasons.map((s) => (
            <li key={s.year}>
              <Link
                to={to(`${SEASONS_PATH}?year=${s.year}`)}
                aria-current={season?.year === s.year ? "page" : undefined}
                className="button button--secondary button--small"
              >
                {s.year}
                {s.year === currentYear ? ` · ${t("adminPlatform.seasons.current")}` : ""}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {season ? (
        <>
          <section className="panel admin-panel" aria-labelledby="season-dates-heading">
            <h2 id="season-dates-heading">
              {t("adminPlatform.seasons.datesHeading", { year: season.year })}
            </h2>
            <p className="field__hint">{t("adminPlatform.seasons.dateHint")}</p>
            {/* One form per season: moving to another year must not keep this one's dates. */}
            <SeasonDatesForm key={season.year} season={season} result={result} />
          </section>
          <section className="panel admin-panel" aria-labelledby="season-tree-heading">
            <h2 id="season-tree-heading">{t("adminPlatform.tree.heading")}</h2>
            <p>{t("adminPlatform.tree.lead")}</p>
            <FormAlert message={treeError?.formError ? t(treeError.formError) : undefined} />
            <CategoryTree tree={tree} year={season.year} edit={edit} add={add} result={result} />
            <AddTrack year={season.year} edit={edit} add={add} result={result} />
          </section>
          <MakeCurrent
            year={season.year}
            currentYear={currentYear}
            outgoing={outgoing}
            result={result}
          />
          {next ? (
            <NextSeasonForm
              key={season.year}
              fromYear={season.year}
              defaults={next}
              result={result}
            />
          ) : null}
          {attachments ? (
            <SeasonRemoval
              season={{ year: season.year, code }}
              isCurrent={season.year === currentYear}
              attachments={attachments}
              result={result}
            />
          ) : null}
        </>
      ) : (
        <>
          <p className="empty-state">{t("adminPlatform.seasons.none")}</p>
          {first ? <FirstSeasonForm defaults={first} result={result} /> : null}
        </>
      )}
    </AdminPage>
  );
}
