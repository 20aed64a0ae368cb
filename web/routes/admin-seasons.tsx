import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useActionData, useFetcher } from "react-router";
import {
  categorySchema,
  formatVietnamDateTime,
  groupSchema,
  SEASON_DATE_FIELDS,
  seasonDatesSchema,
  seasonDatesToIso,
  trackSchema,
  TREE_NODE_KINDS,
  type TreeNodeKind,
} from "../../core/admin-platform";
import { formatVnd } from "../../core/dates";
import { localizePath } from "../../core/languages";
import { AdminPage, ConfirmButton, FlashMessage, withNotice } from "../features/admin";
import {
  actorOf,
  changes,
  formObject,
  idField,
  refuseForm,
} from "../features/admin-platform/form.server";
import {
  SchemaForm,
  type PlatformField,
  type PlatformFormResult,
} from "../features/admin-platform/schema-form";
import { FormAlert } from "../components/form/field";
import { pageMeta } from "../lib/meta";
import { requestMeta, requireStaff } from "../lib/session.server";
import { useLang, useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/admin-seasons";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "adminPlatform.seasons.title" }),
  { name: "robots", content: "noindex" },
];

const PATH = "/quan-tri/mua-giai";

/** `?edit=category:12` or `?add=group:3` (the parent's id; a track's parent is the year). */
function parseNodeParam(value: string | null): { kind: TreeNodeKind; id: number } | null {
  const match = /^(track|group|category):(\d{1,9})$/.exec(value ?? "");
  return match ? { kind: match[1] as TreeNodeKind, id: Number(match[2]) } : null;
}

/** `/quan-tri/mua-giai?year=2026`: a season's dates and its category tree (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "seasons");
  const url = new URL(request.url);
  const { seasonsAdmin, settings } = context.services;
  const seasons = await seasonsAdmin.list();
  const current = (await settings.get()).currentSeasonYear;
  const asked = Number(url.searchParams.get("year"));
  const year = seasons.some((s) => s.year === asked)
    ? asked
    : (seasons.find((s) => s.year === current)?.year ?? seasons[0]?.year ?? null);
  const season = year === null ? null : await seasonsAdmin.get(year);
  const tree = year === null ? [] : await seasonsAdmin.tree(year);
  return {
    seasons: seasons.map((s) => ({ year: s.year, nameVi: s.nameVi })),
    currentYear: current,
    season: season
      ? {
          year: season.year,
          code: season.code,
          nameVi: season.nameVi,
          nameEn: season.nameEn,
          dates: Object.fromEntries(
            SEASON_DATE_FIELDS.map((field) => [field, formatVietnamDateTime(season[field])]),
          ) as Record<(typeof SEASON_DATE_FIELDS)[number], string>,
        }
      : null,
    tree,
    edit: parseNodeParam(url.searchParams.get("edit")),
    add: parseNodeParam(url.searchParams.get("add")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "seasons");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const formKey = String(form.get("formKey") ?? intent);
  const { seasonsAdmin, audit } = context.services;
  const actor = actorOf(user, context);
  const lang = requestMeta(request, context).lang;
  const year = Number(form.get("year"));
  const back = (y: number) => localizePath(`${PATH}?year=${y}`, lang);

  if (intent === "dates") {
    const parsed = seasonDatesSchema.safeParse(formObject(form));
    if (!parsed.success) return refuseForm(400, formKey, form, { error: parsed.error });
    const saved = await seasonsAdmin.updateSeason(year, {
      nameVi: parsed.data.nameVi,
      nameEn: parsed.data.nameEn,
      ...seasonDatesToIso(parsed.data),
    });
    if (!saved)
      return refuseForm(404, formKey, form, { formError: "adminPlatform.errors.notFound" });
    await audit.record(
      actor,
      "season.update",
      { type: "season", id: year },
      changes(saved.before, saved.after),
    );
    return redirect(withNotice(back(year), "adminPlatform.notices.saved"));
  }

  const kind = String(form.get("kind") ?? "") as TreeNodeKind;
  if (!(TREE_NODE_KINDS as readonly string[]).includes(kind)) {
    return refuseForm(400, formKey, form, { formError: "adminPlatform.errors.badRequest" });
  }
  const id = idField(form, "id");
  const schema = kind === "track" ? trackSchema : kind === "group" ? groupSchema : categorySchema;

  if (intent === "create" || intent === "update") {
    const parsed = schema.safeParse(formObject(form));
    if (!parsed.success) return refuseForm(400, formKey, form, { error: parsed.error });
    const input = parsed.data as never;
    const parentId = idField(form, "parentId");
    let result;
    if (intent === "create") {
      if (kind === "track") result = await seasonsAdmin.createTrack(year, input);
      else if (parentId === null) result = null;
      else if (kind === "group") result = await seasonsAdmin.createGroup(parentId, input);
      else result = await seasonsAdmin.createCategory(parentId, input);
    } else if (id === null) result = null;
    else if (kind === "track") result = await seasonsAdmin.updateTrack(id, input);
    else if (kind === "group") result = await seasonsAdmin.updateGroup(id, input);
    else result = await seasonsAdmin.updateCategory(id, input);
    if (!result)
      return refuseForm(400, formKey, form, { formError: "adminPlatform.errors.badRequest" });
    if (!result.ok) {
      return refuseForm(result.status, formKey, form, {
        ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}),
        ...(result.formError ? { formError: result.formError } : {}),
      });
    }
    await audit.record(
      actor,
      `${kind}.${intent}`,
      { type: kind, id: result.id },
      parsed.data as Record<string, unknown>,
    );
    return redirect(withNotice(back(result.seasonYear), "adminPlatform.notices.saved"));
  }

  if (id === null)
    return refuseForm(400, formKey, form, { formError: "adminPlatform.errors.badRequest" });

  if (intent === "move") {
    const direction = form.get("direction") === "up" ? "up" : "down";
    const result = await seasonsAdmin.move(kind, id, direction);
    if (!result.ok)
      return refuseForm(result.status, formKey, form, { formError: result.formError ?? "" });
    await audit.record(actor, `${kind}.move`, { type: kind, id }, { direction });
    return {
      ok: true,
      formKey,
      notice: "adminPlatform.notices.moved",
    } satisfies PlatformFormResult;
  }

  if (intent === "delete") {
    const result = await seasonsAdmin.remove(kind, id);
    if (!result.ok) {
      return refuseForm(result.status, formKey, form, { formError: result.formError ?? "" });
    }
    await audit.record(actor, `${kind}.delete`, { type: kind, id }, {});
    return redirect(withNotice(back(result.seasonYear), "adminPlatform.notices.deleted"));
  }

  return refuseForm(400, formKey, form, { formError: "adminPlatform.errors.badRequest" });
}

type LoaderData = Route.ComponentProps["loaderData"];
type Track = LoaderData["tree"][number];
type Group = Track["groups"][number];
type Category = Group["categories"][number];

export default function AdminSeasons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const result = useActionData<typeof action>() as PlatformFormResult | undefined;
  const { seasons, season, tree, edit, add, currentYear } = loaderData;
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
                to={to(`${PATH}?year=${s.year}`)}
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
          <section className="panel platform-panel" aria-labelledby="season-dates-heading">
            <h2 id="season-dates-heading">
              {t("adminPlatform.seasons.datesHeading", { year: season.year })}
            </h2>
            <p className="field__hint">{t("adminPlatform.seasons.dateHint")}</p>
            <SeasonDatesForm season={season} result={result} />
          </section>
          <section className="panel platform-panel" aria-labelledby="season-tree-heading">
            <h2 id="season-tree-heading">{t("adminPlatform.tree.heading")}</h2>
            <p>{t("adminPlatform.tree.lead")}</p>
            <FormAlert message={treeError?.formError ? t(treeError.formError) : undefined} />
            <CategoryTree tree={tree} year={season.year} edit={edit} add={add} result={result} />
            {add?.kind === "track" ? (
              <NodeEditor
                kind="track"
                mode="create"
                year={season.year}
                parentId={null}
                node={null}
                result={result}
              />
            ) : (
              <p>
                <Link
                  className="button button--secondary"
                  to={to(`${PATH}?year=${season.year}&add=track:${season.year}#editor`)}
                >
                  {t("adminPlatform.tree.addTrack")}
                </Link>
              </p>
            )}
          </section>
        </>
      ) : (
        <p className="empty-state">{t("adminPlatform.seasons.none")}</p>
      )}
    </AdminPage>
  );
}

function SeasonDatesForm({
  season,
  result,
}: {
  season: NonNullable<LoaderData["season"]>;
  result: PlatformFormResult | undefined;
}) {
  const { t } = useTranslation();
  const field = (name: string, row?: string): PlatformField => ({
    name,
    label: t(`adminPlatform.seasons.fields.${name}`),
    placeholder: "DD/MM/YYYY HH:mm",
    inputMode: "numeric",
    ...(row ? { row } : {}),
  });
  return (
    <SchemaForm
      schema={seasonDatesSchema as never}
      formKey="dates"
      intent="dates"
      hidden={{ year: String(season.year) }}
      defaults={{ nameVi: season.nameVi, nameEn: season.nameEn, ...season.dates }}
      result={result}
      submitLabel={t("adminPlatform.save")}
      fields={[
        { name: "nameVi", label: t("adminPlatform.fields.nameVi"), required: true, row: "name" },
        { name: "nameEn", label: t("adminPlatform.fields.nameEn"), row: "name" },
        field("registrationOpensAt", "registration"),
        field("registrationClosesAt", "registration"),
        field("submissionOpensAt", "submission"),
        field("submissionClosesAt", "submission"),
        field("earlyBirdDeadline", "deadlines"),
        field("lateDeadline", "deadlines"),
        field("ceremonyAt"),
      ]}
    />
  );
}

function CategoryTree({
  tree,
  year,
  edit,
  add,
  result,
}: {
  tree: Track[];
  year: number;
  edit: LoaderData["edit"];
  add: LoaderData["add"];
  result: PlatformFormResult | undefined;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const link = (param: string) => to(`${PATH}?year=${year}&${param}#editor`);
  const editing = (kind: TreeNodeKind, id: number) => edit?.kind === kind && edit.id === id;
  const adding = (kind: TreeNodeKind, parentId: number) =>
    add?.kind === kind && add.id === parentId;
  return (
    <ul className="category-tree">
      {tree.map((track, ti) => (
        <li key={track.id}>
          <TreeRow
            kind="track"
            id={track.id}
            year={year}
            first={ti === 0}
            last={ti === tree.length - 1}
            name={track.nameVi}
            meta={`${track.slug} · ${track.code}`}
            editHref={link(`edit=track:${track.id}`)}
          />
          {editing("track", track.id) ? (
            <NodeEditor
              kind="track"
              mode="update"
              year={year}
              parentId={null}
              node={track}
              result={result}
            />
          ) : null}
          <ul>
            {track.groups.map((group, gi) => (
              <li key={group.id}>
                <TreeRow
                  kind="group"
                  id={group.id}
                  year={year}
                  first={gi === 0}
                  last={gi === track.groups.length - 1}
                  name={group.nameVi}
                  meta={group.slug}
                  editHref={link(`edit=group:${group.id}`)}
                />
                {editing("group", group.id) ? (
                  <NodeEditor
                    kind="group"
                    mode="update"
                    year={year}
                    parentId={track.id}
                    node={group}
                    result={result}
                  />
                ) : null}
                <ul>
                  {group.categories.map((category, ci) => (
                    <li key={category.id}>
                      <TreeRow
                        kind="category"
                        id={category.id}
                        year={year}
                        first={ci === 0}
                        last={ci === group.categories.length - 1}
                        name={category.nameVi}
                        meta={<CategoryMeta category={category} />}
                        editHref={link(`edit=category:${category.id}`)}
                        locked={category.entryCount > 0}
                      />
                      {editing("category", category.id) ? (
                        <NodeEditor
                          kind="category"
                          mode="update"
                          year={year}
                          parentId={group.id}
                          node={category}
                          result={result}
                        />
                      ) : null}
                    </li>
                  ))}
                  <li>
                    {adding("category", group.id) ? (
                      <NodeEditor
                        kind="category"
                        mode="create"
                        year={year}
                        parentId={group.id}
                        node={null}
                        result={result}
                      />
                    ) : (
                      <Link
                        className="button button--secondary button--small"
                        to={link(`add=category:${group.id}`)}
                      >
                        {t("adminPlatform.tree.addCategory")}
                      </Link>
                    )}
                  </li>
                </ul>
              </li>
            ))}
            <li>
              {adding("group", track.id) ? (
                <NodeEditor
                  kind="group"
                  mode="create"
                  year={year}
                  parentId={track.id}
                  node={null}
                  result={result}
                />
              ) : (
                <Link
                  className="button button--secondary button--small"
                  to={link(`add=group:${track.id}`)}
                >
                  {t("adminPlatform.tree.addGroup")}
                </Link>
              )}
            </li>
          </ul>
        </li>
      ))}
    </ul>
  );
}

function CategoryMeta({ category }: { category: Category }) {
  const { t } = useTranslation();
  const lang = useLang();
  const who = [
    category.allowIndividual ? t("adminPlatform.tree.individual") : null,
    category.allowEnterprise ? t("adminPlatform.tree.enterprise") : null,
  ].filter(Boolean);
  return (
    <>
      {category.code} · {category.slug} · {formatVnd(category.feeVnd, lang)}
      {category.videoRequired ? ` · ${t("adminPlatform.tree.videoRequired")}` : ""} ·{" "}
      {who.join(", ")}
      {category.entryCount > 0
        ? ` · ${t("adminPlatform.tree.entries", { count: category.entryCount })}`
        : ""}
    </>
  );
}

/** A node's line: its name, facts, and move up/down, edit, delete (all keyboard reachable). */
function TreeRow({
  kind,
  id,
  year,
  name,
  meta,
  first,
  last,
  editHref,
  locked = false,
}: {
  kind: TreeNodeKind;
  id: number;
  year: number;
  name: string;
  meta: ReactNode;
  first: boolean;
  last: boolean;
  editHref: string;
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<PlatformFormResult>();
  const lastMove = useRef<string | null>(null);
  const label = t(`adminPlatform.tree.kinds.${kind}`);
  // The moved line changes place in the list: keep the keyboard focus on the button pressed.
  useEffect(() => {
    if (fetcher.state === "idle" && lastMove.current) {
      const button = document.getElementById(lastMove.current);
      if (button && !(button as HTMLButtonElement).disabled) button.focus();
      else
        document
          .getElementById(`move-${kind}-${id}-${lastMove.current.endsWith("up") ? "down" : "up"}`)
          ?.focus();
      lastMove.current = null;
    }
  }, [fetcher.state, kind, id]);
  const move = (direction: "up" | "down", disabled: boolean) => {
    const buttonId = `move-${kind}-${id}-${direction}`;
    return (
      <fetcher.Form method="post" onSubmit={() => (lastMove.current = buttonId)}>
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="formKey" value={`tree:${kind}:${id}`} />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="direction" value={direction} />
        <input type="hidden" name="year" value={year} />
        <button
          id={buttonId}
          type="submit"
          className="button button--secondary button--small"
          disabled={disabled || fetcher.state !== "idle"}
          aria-label={t(
            direction === "up" ? "adminPlatform.tree.moveUp" : "adminPlatform.tree.moveDown",
            { name },
          )}
        >
          {direction === "up" ? "↑" : "↓"}
        </button>
      </fetcher.Form>
    );
  };
  return (
    <div className="tree-node">
      <div className="tree-node__name">
        <strong>{name}</strong> <span className="visually-hidden">({label})</span>
        <div className="tree-node__meta">{meta}</div>
      </div>
      <div className="tree-node__actions">
        {move("up", first)}
        {move("down", last)}
        <Link
          className="button button--secondary button--small"
          to={editHref}
          aria-label={t("adminPlatform.tree.editNamed", { name })}
        >
          {t("adminPlatform.edit")}
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="formKey" value={`tree:${kind}:${id}`} />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="year" value={year} />
          <ConfirmButton
            className="button button--secondary button--small"
            message={t("adminPlatform.tree.confirmDelete", { name })}
            aria-label={t("adminPlatform.tree.deleteNamed", { name })}
            disabled={locked}
            title={locked ? t("adminPlatform.errors.hasEntries") : undefined}
          >
            {t("adminPlatform.delete")}
          </ConfirmButton>
        </Form>
      </div>
    </div>
  );
}

function NodeEditor({
  kind,
  mode,
  year,
  parentId,
  node,
  result,
}: {
  kind: TreeNodeKind;
  mode: "create" | "update";
  year: number;
  parentId: number | null;
  node: Track | Group | Category | null;
  result: PlatformFormResult | undefined;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const f = (name: string, extra: Partial<PlatformField> = {}): PlatformField => ({
    name,
    label: t(`adminPlatform.fields.${name}`),
    ...extra,
  });
  const common = [
    f("nameVi", { required: true, row: "name" }),
    f("nameEn", { row: "name" }),
    f("slug", { required: true, hint: t("adminPlatform.fields.slugHint"), row: "ids" }),
  ];
  let fields: PlatformField[];
  let schema;
  let defaults: Record<string, string | boolean> = {};
  if (kind === "track") {
    schema = trackSchema;
    fields = [
      ...common,
      f("code", { required: true, row: "ids" }),
      f("taglineVi", { kind: "textarea", row: "tagline" }),
      f("taglineEn", { kind: "textarea", row: "tagline" }),
    ];
    const n = node as Track | null;
    if (n)
      defaults = {
        nameVi: n.nameVi,
        nameEn: n.nameEn,
        slug: n.slug,
        code: n.code,
        taglineVi: n.taglineVi,
        taglineEn: n.taglineEn,
      };
  } else if (kind === "group") {
    schema = groupSchema;
    fields = common;
    const n = node as Group | null;
    if (n) defaults = { nameVi: n.nameVi, nameEn: n.nameEn, slug: n.slug };
  } else {
    schema = categorySchema;
    fields = [
      ...common,
      f("code", { required: true, row: "ids" }),
      f("descriptionVi", { kind: "textarea", row: "description" }),
      f("descriptionEn", { kind: "textarea", row: "description" }),
      f("feeVnd", {
        required: true,
        inputMode: "numeric",
        hint: t("adminPlatform.fields.feeHint"),
        row: "fees",
      }),
      f("earlyBirdFeeVnd", {
        inputMode: "numeric",
        hint: t("adminPlatform.fields.optionalFeeHint"),
        row: "fees",
      }),
      f("lateFeeVnd", {
        inputMode: "numeric",
        hint: t("adminPlatform.fields.optionalFeeHint"),
        row: "fees",
      }),
      f("videoRequired", { kind: "checkbox" }),
      f("allowIndividual", { kind: "checkbox" }),
      f("allowEnterprise", { kind: "checkbox" }),
    ];
    const n = node as Category | null;
    defaults = n
      ? {
          nameVi: n.nameVi,
          nameEn: n.nameEn,
          slug: n.slug,
          code: n.code,
          descriptionVi: n.descriptionVi,
          descriptionEn: n.descriptionEn,
          feeVnd: String(n.feeVnd),
          earlyBirdFeeVnd: n.earlyBirdFeeVnd === null ? "" : String(n.earlyBirdFeeVnd),
          lateFeeVnd: n.lateFeeVnd === null ? "" : String(n.lateFeeVnd),
          videoRequired: n.videoRequired,
          allowIndividual: n.allowIndividual,
          allowEnterprise: n.allowEnterprise,
        }
      : { allowIndividual: true, allowEnterprise: true, feeVnd: "" };
  }
  const formKey = `tree:${kind}:${mode}:${node?.id ?? parentId ?? year}`;
  return (
    <div className="panel" id="editor">
      <SchemaForm
        schema={schema as never}
        formKey={formKey}
        intent={mode}
        legend={t(`adminPlatform.tree.${mode}Legend`, {
          kind: t(`adminPlatform.tree.kinds.${kind}`),
        })}
        hidden={{
          kind,
          year: String(year),
          ...(node ? { id: String(node.id) } : {}),
          ...(parentId !== null ? { parentId: String(parentId) } : {}),
        }}
        defaults={defaults}
        result={result}
        fields={fields}
        submitLabel={t(mode === "create" ? "adminPlatform.create" : "adminPlatform.save")}
      >
        <Link className="button button--secondary" to={to(`${PATH}?year=${year}`)}>
          {t("adminPlatform.cancel")}
        </Link>
      </SchemaForm>
    </div>
  );
}
