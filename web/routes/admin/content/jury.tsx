import { useEffect } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, useActionData } from "react-router";
import { moveSchema } from "../../../../core/content-admin";
import { PATHS } from "../../../../core/paths";
import { StatusBadge } from "../../../features/back-office/status-badge";
import "../../../features/content-editing/content-editing.css";
import { chosenYear, requireContentEditor } from "../../../features/content-editing/guard.server";
import { positiveInt } from "../../../features/back-office/form.server";
import { deleteYearItem } from "../../../features/content-editing/year-item.server";
import { RowActions, YearListPage } from "../../../features/content-editing/year-list";
import { pageMeta } from "../../../lib/meta";
import type { Route } from "./+types/jury";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

/** The two moves of a juror in the list, in the order their buttons appear. */
const MOVES = [
  { direction: "up", arrow: "↑", label: "moveUp" },
  { direction: "down", arrow: "↓", label: "moveDown" },
] as const;

export const JURY_ADMIN_PATH = "/quan-tri/noi-dung/chuyen-gia";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "adminContent.jury.title" }),
  { name: "robots", content: "noindex" },
];

/** `/quan-tri/noi-dung/chuyen-gia?year=`: the jury of a year in display order (content editors). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const years = await contentAdmin.years("jury");
  // Without a year asked for, the current season's (the public site's), when it has one here.
  const current = (await context.services.settings.get()).currentSeasonYear;
  const year = chosenYear(request, years, years.includes(current) ? current : null);
  return { year, years, members: await contentAdmin.juryList(year) };
}

/** Move a juror up/down, or delete one (each write audited; the public page changes at once). */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const form = await request.formData();
  const intent = form.get("intent");
  const id = positiveInt(form.get("id"));
  if (intent === "delete") {
    return deleteYearItem(
      request,
      actor,
      id,
      contentAdmin.deleteJuror,
      (d) => d.juror.year,
      JURY_ADMIN_PATH,
    );
  }
  if (id === null) return { ok: false as const, notice: "adminContent.errors.notFound" };
  const parsed = moveSchema.safeParse({ id: String(id), direction: form.get("direction") });
  if (intent !== "move" || !parsed.success) {
    return { ok: false as const, notice: "adminContent.errors.order" };
  }
  const moved = await contentAdmin.reorderJury(actor, id, parsed.data.direction);
  return {
    ok: moved.ok,
    notice: moved.ok ? "adminContent.notices.moved" : moved.formError,
    moved: { id, direction: parsed.data.direction },
  };
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminJuryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const { year, years, members } = loaderData;

  // Keyboard users keep their place: focus returns to the button they pressed (or its twin).
  const moved = result && "moved" in result ? result.moved : undefined;
  useEffect(() => {
    if (!moved) return;
    const same = document.getElementById(`jury-${moved.direction}-${moved.id}`);
    const other = document.getElementById(
      `jury-${moved.direction === "up" ? "down" : "up"}-${moved.id}`,
    );
    const target = same && !(same as HTMLButtonElement).disabled ? same : other;
    target?.focus();
  }, [moved]);

  return (
    <YearListPage
      keys="adminContent.jury"
      path={JURY_ADMIN_PATH}
      publicPath={PATHS.jury}
      year={year}
      years={years}
    >
      <p className="muted">{t("adminContent.jury.count", { count: members.length })}</p>
      {members.length === 0 ? (
        <p className="empty-state" role="status">
          {t("adminContent.jury.empty")}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table content-admin-table">
            <caption className="visually-hidden">
              {t("adminContent.jury.caption", { year })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("adminContent.jury.columns.order")}</th>
                <th scope="col">{t("adminContent.jury.columns.photo")}</th>
                <th scope="col">{t("adminContent.jury.columns.name")}</th>
                <th scope="col">{t("adminContent.jury.columns.role")}</th>
                <th scope="col">{t("adminContent.jury.columns.organisation")}</th>
                <th scope="col">{t("adminContent.jury.columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member, index) => {
                const first = index === 0 || members[index - 1]!.isChair !== member.isChair;
                const last =
                  index === members.length - 1 || members[index + 1]!.isChair !== member.isChair;
                return (
                  <tr key={member.id} data-juror={member.id}>
                    <td>
                      <div className="content-admin-move">
                        <span className="content-admin-move__n">{index + 1}</span>
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="intent" value="move" />
                          <input type="hidden" name="id" value={member.id} />
                          {MOVES.map(({ direction, arrow, label }) => (
                            <button
                              key={direction}
                              id={`jury-${direction}-${member.id}`}
                              type="submit"
                              name="direction"
                              value={direction}
                              className="button button--secondary button--small"
                              disabled={direction === "up" ? first : last}
                              aria-label={t(`adminContent.jury.${label}Named`, {
                                name: member.name,
                              })}
                            >
                              <span aria-hidden="true">{arrow}</span>{" "}
                              {t(`adminContent.jury.${label}`)}
                            </button>
                          ))}
                        </Form>
                      </div>
                    </td>
                    <td>
                      {member.photo ? (
                        <img
                          className="content-admin-thumb"
                          src={member.photo}
                          alt=""
                          width={48}
                          height={48}
                          loading="lazy"
                        />
                      ) : (
                        <span className="muted">{t("adminContent.jury.noPhoto")}</span>
                      )}
                    </td>
                    <th scope="row">{member.name}</th>
                    <td>
                      {member.isChair ? (
                        <StatusBadge tone="info">{t("adminContent.jury.chair")}</StatusBadge>
                      ) : (
                        t("adminContent.jury.member")
                      )}
                    </td>
                    <td>{member.organisation}</td>
                    <td>
                      <RowActions
                        id={member.id}
                        editTo={`${JURY_ADMIN_PATH}/${member.id}`}
                        editLabel={t("adminContent.jury.editNamed", { name: member.name })}
                        confirm={t("adminContent.jury.deleteConfirm", { name: member.name, year })}
                        deleteLabel={t("adminContent.jury.deleteNamed", { name: member.name })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </YearListPage>
  );
}
