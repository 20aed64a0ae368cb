import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useActionData } from "react-router";
import { moveSchema } from "../../core/content-admin";
import { PATHS } from "../../core/paths";
import { AdminPage, ConfirmButton, FlashMessage, StatusBadge } from "../features/admin";
import { YearPicker } from "../features/content-admin/year-picker";
import "../features/content-admin/content-admin.css";
import {
  chosenYear,
  positiveInt,
  redirectWithNotice,
  requireContentEditor,
} from "../features/content-admin/guard.server";
import { pageMeta } from "../lib/meta";
import { useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/admin-content-jury";

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
  const year = chosenYear(request, years);
  return { year, years, members: await contentAdmin.juryList(year) };
}

/** Move a juror up/down, or delete one (each write audited; the public page changes at once). */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const form = await request.formData();
  const intent = form.get("intent");
  const id = positiveInt(form.get("id"));
  const member = id === null ? null : await contentAdmin.juryGet(id);
  if (!member) return { ok: false as const, notice: "adminContent.errors.notFound" };
  if (intent === "delete") {
    await contentAdmin.juryDelete(actor, member.id);
    return redirectWithNotice(
      request,
      `${JURY_ADMIN_PATH}?year=${member.year}`,
      "adminContent.notices.deleted",
    );
  }
  const parsed = moveSchema.safeParse({ id: String(member.id), direction: form.get("direction") });
  if (intent !== "move" || !parsed.success) {
    return { ok: false as const, notice: "adminContent.errors.order" };
  }
  const moved = await contentAdmin.juryMove(actor, member.id, parsed.data.direction);
  return {
    ok: moved,
    notice: moved ? "adminContent.notices.moved" : "adminContent.notices.notMoved",
    moved: { id: member.id, direction: parsed.data.direction },
  };
}

export default function AdminJuryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
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
    <AdminPage
      title={t("adminContent.jury.titleOfYear", { year })}
      breadcrumbs={[
        { label: t("admin.sections.content"), to: "/quan-tri/noi-dung" },
        { label: t("adminContent.jury.title") },
      ]}
      actions={
        <>
          <Link className="button button--primary" to={to(`${JURY_ADMIN_PATH}/moi?year=${year}`)}>
            {t("adminContent.jury.add")}
          </Link>
          <Link className="button button--secondary" to={to(`${PATHS.jury}?year=${year}`)}>
            {t("adminContent.common.viewPublic")}
          </Link>
        </>
      }
    >
      <FlashMessage
        {...(result?.notice ? { notice: result.notice } : {})}
        tone={result && !result.ok ? "error" : "success"}
      />
      <YearPicker years={years} year={year} />
      <p className="muted">{t("adminContent.jury.count", { count: members.length })}</p>
      {members.length === 0 ? (
        <p className="empty-state" role="status">
          {t("adminContent.jury.empty")}
        </p>
      ) : (
        <div className="data-table__scroll">
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
                          <button
                            id={`jury-up-${member.id}`}
                            type="submit"
                            name="direction"
                            value="up"
                            className="button button--secondary button--small"
                            disabled={first}
                            aria-label={t("adminContent.jury.moveUpNamed", { name: member.name })}
                          >
                            <span aria-hidden="true">↑</span> {t("adminContent.jury.moveUp")}
                          </button>
                          <button
                            id={`jury-down-${member.id}`}
                            type="submit"
                            name="direction"
                            value="down"
                            className="button button--secondary button--small"
                            disabled={last}
                            aria-label={t("adminContent.jury.moveDownNamed", {
                              name: member.name,
                            })}
                          >
                            <span aria-hidden="true">↓</span> {t("adminContent.jury.moveDown")}
                          </button>
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
                      <div className="content-admin-actions">
                        <Link
                          to={to(`${JURY_ADMIN_PATH}/${member.id}`)}
                          aria-label={t("adminContent.jury.editNamed", { name: member.name })}
                        >
                          {t("adminContent.common.edit")}
                        </Link>
                        <Form method="post">
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="id" value={member.id} />
                          <ConfirmButton
                            className="button button--secondary button--small"
                            message={t("adminContent.jury.deleteConfirm", {
                              name: member.name,
                              year,
                            })}
                            aria-label={t("adminContent.jury.deleteNamed", { name: member.name })}
                          >
                            {t("adminContent.common.delete")}
                          </ConfirmButton>
                        </Form>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
