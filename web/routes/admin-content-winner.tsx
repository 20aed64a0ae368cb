import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData, useNavigation } from "react-router";
import { pickLang } from "../../core/category-tree";
import {
  WINNER_PRIZES,
  winnerSchema,
  type WinnerFormValues,
  type WinnerInput,
} from "../../core/content-admin";
import { VIDEO_LINK_MAX_LENGTH } from "../../core/video-link";
import { FormAlert, TextField } from "../components/form/field";
import { AdminPage } from "../features/admin";
import { SelectField } from "../features/content-admin/fields";
import { ImageField } from "../features/content-admin/image-field";
import "../features/content-admin/content-admin.css";
import {
  chosenYear,
  positiveInt,
  redirectWithNotice,
  requireContentEditor,
} from "../features/content-admin/guard.server";
import { fieldErrorsOf, formValues, refuse } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { useLang, useLocalizedPath } from "../lib/site";
import { useServerErrors, useValidatedSubmit } from "../lib/use-server-form";
import type { Route } from "./+types/admin-content-winner";

const LIST = "/quan-tri/noi-dung/thang-giai";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "adminContent.winners.title" }),
  { name: "robots", content: "noindex" },
];

/** `/quan-tri/noi-dung/thang-giai/moi?year=` (new) or `/…/thang-giai/<id>` (edit). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const years = await contentAdmin.years("winners");
  // Every year's categories: the form offers those of the year chosen in it.
  const categories = (
    await Promise.all(
      years.map(async (year) =>
        (await contentAdmin.winnerCategories(year)).map((c) => ({ ...c, year })),
      ),
    )
  ).flat();
  if (params.id === "moi") {
    return {
      id: null,
      years,
      categories,
      title: "",
      values: { year: String(chosenYear(request, years)), prize: "" } as Record<string, string>,
    };
  }
  const id = positiveInt(params.id);
  const winner = id === null ? null : await contentAdmin.winnerGet(id);
  if (!winner) throw data(null, { status: 404 });
  return {
    id: winner.id,
    years,
    categories,
    title: winner.title,
    values: {
      year: String(winner.year),
      entryRef: winner.entryId ?? "",
      title: winner.title,
      brand: winner.brand,
      agency: winner.agency,
      categoryId: winner.categoryId === null ? "" : String(winner.categoryId),
      categoryLabelVi: winner.categoryLabelVi,
      categoryLabelEn: winner.categoryLabelEn,
      prize: winner.prize,
      image: winner.image ?? "",
      imageMediaId: winner.imageMediaId === null ? "" : String(winner.imageMediaId),
      videoUrl: winner.videoUrl ?? "",
      sortOrder: String(winner.sortOrder),
    } as Record<string, string>,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const values = formValues(await request.formData());
  const parsed = winnerSchema.safeParse(values);
  if (!parsed.success) return refuse(400, { values, fieldErrors: fieldErrorsOf(parsed.error) });
  try {
    if (params.id === "moi") {
      const created = await contentAdmin.winnerCreate(actor, parsed.data);
      return redirectWithNotice(
        request,
        `${LIST}?year=${created.year}`,
        "adminContent.notices.created",
      );
    }
    const id = positiveInt(params.id);
    const updated = id === null ? null : await contentAdmin.winnerUpdate(actor, id, parsed.data);
    if (!updated) {
      return refuse(404, { values, fieldErrors: {}, formError: "adminContent.errors.notFound" });
    }
    return redirectWithNotice(
      request,
      `${LIST}?year=${updated.year}`,
      "adminContent.notices.saved",
    );
  } catch (error) {
    // The service's ContentAdminError: a field and the i18n key of its problem.
    const { field, messageKey } = error as { field?: string; messageKey?: string };
    if (field && messageKey) return refuse(400, { values, fieldErrors: { [field]: messageKey } });
    throw error;
  }
}

export default function AdminWinnerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const initial: Record<string, string> = { ...loaderData.values, ...(failed?.values ?? {}) };
  const form = useForm<WinnerFormValues, unknown, WinnerInput>({
    resolver: zodResolver(winnerSchema),
    defaultValues: initial as WinnerFormValues,
    mode: "onTouched",
  });
  const validatedSubmit = useValidatedSubmit(form);
  useServerErrors(form as unknown as UseFormReturn<WinnerFormValues>, failed?.fieldErrors);
  const errors = form.formState.errors;
  const err = (name: keyof WinnerFormValues) =>
    (errors[name]?.message as string | undefined) ?? failed?.fieldErrors?.[name];
  const year = String(useWatch({ control: form.control, name: "year" }) ?? initial.year);
  const categories = loaderData.categories.filter((c) => String(c.year) === year);
  const heading =
    loaderData.id === null
      ? t("adminContent.winners.new", { year })
      : t("adminContent.winners.edit", { title: loaderData.title });
  const busy = navigation.state === "submitting";
  const str = (name: string) => initial[name] ?? "";

  return (
    <AdminPage
      title={heading}
      breadcrumbs={[
        { label: t("admin.sections.content"), to: "/quan-tri/noi-dung" },
        { label: t("adminContent.winners.title"), to: `${LIST}?year=${year}` },
        { label: heading },
      ]}
    >
      <form {...validatedSubmit} method="post" className="form content-admin-form" noValidate>
        <FormAlert message={failed?.formError ? t(failed.formError) : undefined} />
        <SelectField
          label={t("adminContent.winners.fields.year")}
          required
          options={loaderData.years.map((y) => ({ value: String(y), label: String(y) }))}
          defaultValue={str("year")}
          registration={form.register("year")}
          error={err("year")}
        />
        <TextField
          label={t("adminContent.winners.fields.title")}
          required
          defaultValue={str("title")}
          registration={form.register("title")}
          error={err("title")}
        />
        <div className="content-admin-columns">
          <TextField
            label={t("adminContent.winners.fields.brand")}
            defaultValue={str("brand")}
            registration={form.register("brand")}
            error={err("brand")}
          />
          <TextField
            label={t("adminContent.winners.fields.agency")}
            defaultValue={str("agency")}
            registration={form.register("agency")}
            error={err("agency")}
          />
        </div>
        <SelectField
          label={t("adminContent.winners.fields.prize")}
          required
          options={[
            { value: "", label: t("adminContent.winners.fields.prizeChoose") },
            ...WINNER_PRIZES.map((p) => ({ value: p, label: t(`winners.prize.${p}`) })),
          ]}
          defaultValue={str("prize")}
          registration={form.register("prize")}
          error={err("prize")}
        />
        <fieldset>
          <legend>{t("adminContent.winners.columns.category")}</legend>
          <SelectField
            label={t("adminContent.winners.fields.categoryId")}
            options={[
              { value: "", label: t("adminContent.winners.fields.categoryNone") },
              ...categories.map((c) => ({
                value: String(c.id),
                label: pickLang(c.name, lang),
                group: `${pickLang(c.track, lang)} – ${pickLang(c.group, lang)}`,
              })),
            ]}
            defaultValue={str("categoryId")}
            registration={form.register("categoryId")}
            error={err("categoryId")}
          />
          <p className="field__hint">{t("adminContent.winners.fields.categoryLabelHint")}</p>
          <div className="content-admin-columns">
            <TextField
              label={t("adminContent.winners.fields.categoryLabelVi")}
              lang="vi"
              defaultValue={str("categoryLabelVi")}
              registration={form.register("categoryLabelVi")}
              error={err("categoryLabelVi")}
            />
            <TextField
              label={t("adminContent.winners.fields.categoryLabelEn")}
              lang="en"
              defaultValue={str("categoryLabelEn")}
              registration={form.register("categoryLabelEn")}
              error={err("categoryLabelEn")}
            />
          </div>
        </fieldset>
        <ImageField
          label={t("adminContent.winners.fields.image")}
          purpose="winner"
          initialSrc={str("image") || null}
          mediaId={form.register("imageMediaId")}
          path={form.register("image")}
          error={err("image") ?? err("imageMediaId")}
          onChange={(image) => {
            form.setValue("imageMediaId", image.id === null ? "" : String(image.id));
            form.setValue("image", image.src);
          }}
        />
        <TextField
          label={t("adminContent.winners.fields.videoUrl")}
          hint={t("adminContent.winners.fields.videoHint")}
          type="url"
          inputMode="url"
          maxLength={VIDEO_LINK_MAX_LENGTH}
          defaultValue={str("videoUrl")}
          registration={form.register("videoUrl")}
          error={err("videoUrl")}
        />
        <TextField
          label={t("adminContent.winners.fields.entryRef")}
          hint={t("adminContent.winners.fields.entryRefHint")}
          autoComplete="off"
          defaultValue={str("entryRef")}
          registration={form.register("entryRef")}
          error={err("entryRef")}
        />
        <TextField
          label={t("adminContent.winners.fields.sortOrder")}
          hint={t("adminContent.winners.fields.sortOrderHint")}
          inputMode="numeric"
          defaultValue={str("sortOrder")}
          registration={form.register("sortOrder")}
          error={err("sortOrder")}
        />
        <div className="content-admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t("adminContent.common.saving") : t("adminContent.common.save")}
          </button>
          <Link className="button button--secondary" to={to(`${LIST}?year=${year}`)}>
            {t("adminContent.common.cancel")}
          </Link>
        </div>
      </form>
    </AdminPage>
  );
}
