import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData, useNavigation } from "react-router";
import {
  juryMemberSchema,
  type JuryMemberFormValues,
  type JuryMemberInput,
} from "../../core/content-admin";
import { FormAlert, TextField } from "../components/form/field";
import { AdminPage } from "../features/admin";
import { CheckboxField, SelectField, TextAreaField } from "../features/content-admin/fields";
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
import { useServerErrors, useValidatedSubmit } from "../lib/use-server-form";
import { useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/admin-content-juror";

const LIST = "/quan-tri/noi-dung/chuyen-gia";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "adminContent.jury.title" }),
  { name: "robots", content: "noindex" },
];

/** `/quan-tri/noi-dung/chuyen-gia/moi?year=` (new) or `/…/chuyen-gia/<id>` (edit). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const years = await contentAdmin.years("jury");
  if (params.id === "moi") {
    const year = chosenYear(request, years);
    return {
      id: null,
      years,
      name: "",
      values: { year: String(year), isChair: false } as Record<string, string | boolean>,
    };
  }
  const id = positiveInt(params.id);
  const member = id === null ? null : await contentAdmin.juryGet(id);
  if (!member) throw data(null, { status: 404 });
  return {
    id: member.id,
    years,
    name: member.name,
    values: {
      year: String(member.year),
      name: member.name,
      titleVi: member.titleVi,
      titleEn: member.titleEn,
      organisation: member.organisation,
      bioVi: member.bioVi,
      bioEn: member.bioEn,
      photo: member.photo ?? "",
      photoMediaId: member.photoMediaId === null ? "" : String(member.photoMediaId),
      isChair: member.isChair,
      sortOrder: String(member.sortOrder),
    } as Record<string, string | boolean>,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const values = formValues(await request.formData());
  const parsed = juryMemberSchema.safeParse(values);
  if (!parsed.success) return refuse(400, { values, fieldErrors: fieldErrorsOf(parsed.error) });
  if (params.id === "moi") {
    const created = await contentAdmin.juryCreate(actor, parsed.data);
    return redirectWithNotice(
      request,
      `${LIST}?year=${created.year}`,
      "adminContent.notices.created",
    );
  }
  const id = positiveInt(params.id);
  const updated = id === null ? null : await contentAdmin.juryUpdate(actor, id, parsed.data);
  if (!updated) {
    return refuse(404, { values, fieldErrors: {}, formError: "adminContent.errors.notFound" });
  }
  return redirectWithNotice(request, `${LIST}?year=${updated.year}`, "adminContent.notices.saved");
}

export default function AdminJurorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const initial = { ...loaderData.values, ...(failed?.values ?? {}) };
  if (failed && !("isChair" in (failed.values ?? {}))) initial.isChair = false;
  const form = useForm<JuryMemberFormValues, unknown, JuryMemberInput>({
    resolver: zodResolver(juryMemberSchema),
    defaultValues: initial as JuryMemberFormValues,
    mode: "onTouched",
  });
  const validatedSubmit = useValidatedSubmit(form);
  useServerErrors(form, failed?.fieldErrors);
  const errors = form.formState.errors;
  const err = (name: keyof JuryMemberFormValues) =>
    (errors[name]?.message as string | undefined) ?? failed?.fieldErrors?.[name];
  const year = String(form.getValues("year") ?? initial.year);
  const title =
    loaderData.id === null
      ? t("adminContent.jury.new", { year })
      : t("adminContent.jury.edit", { name: loaderData.name });
  const busy = navigation.state === "submitting";
  const str = (name: string) => {
    const v = initial[name];
    return typeof v === "string" ? v : "";
  };

  return (
    <AdminPage
      title={title}
      breadcrumbs={[
        { label: t("admin.sections.content"), to: "/quan-tri/noi-dung" },
        { label: t("adminContent.jury.title"), to: `${LIST}?year=${year}` },
        { label: title },
      ]}
    >
      <form {...validatedSubmit} method="post" className="form content-admin-form" noValidate>
        <FormAlert message={failed?.formError ? t(failed.formError) : undefined} />
        <SelectField
          label={t("adminContent.jury.fields.year")}
          required
          options={loaderData.years.map((y) => ({ value: String(y), label: String(y) }))}
          defaultValue={str("year")}
          registration={form.register("year")}
          error={err("year")}
        />
        <TextField
          label={t("adminContent.jury.fields.name")}
          required
          autoComplete="off"
          defaultValue={str("name")}
          registration={form.register("name")}
          error={err("name")}
        />
        <TextField
          label={t("adminContent.jury.fields.organisation")}
          defaultValue={str("organisation")}
          registration={form.register("organisation")}
          error={err("organisation")}
        />
        <p className="field__hint">{t("adminContent.jury.fields.englishHint")}</p>
        <div className="content-admin-columns">
          <TextField
            label={t("adminContent.jury.fields.titleVi")}
            lang="vi"
            defaultValue={str("titleVi")}
            registration={form.register("titleVi")}
            error={err("titleVi")}
          />
          <TextField
            label={t("adminContent.jury.fields.titleEn")}
            lang="en"
            defaultValue={str("titleEn")}
            registration={form.register("titleEn")}
            error={err("titleEn")}
          />
          <TextAreaField
            label={t("adminContent.jury.fields.bioVi")}
            lang="vi"
            defaultValue={str("bioVi")}
            registration={form.register("bioVi")}
            error={err("bioVi")}
          />
          <TextAreaField
            label={t("adminContent.jury.fields.bioEn")}
            lang="en"
            defaultValue={str("bioEn")}
            registration={form.register("bioEn")}
            error={err("bioEn")}
          />
        </div>
        <ImageField
          label={t("adminContent.jury.fields.photo")}
          purpose="jury"
          initialSrc={str("photo") || null}
          mediaId={form.register("photoMediaId")}
          path={form.register("photo")}
          error={err("photo") ?? err("photoMediaId")}
          onChange={(image) => {
            form.setValue("photoMediaId", image.id === null ? "" : String(image.id));
            form.setValue("photo", image.src);
          }}
        />
        <CheckboxField
          label={t("adminContent.jury.fields.isChair")}
          defaultChecked={initial.isChair === true || initial.isChair === "on"}
          registration={form.register("isChair")}
        />
        <TextField
          label={t("adminContent.jury.fields.sortOrder")}
          hint={t("adminContent.jury.fields.sortOrderHint")}
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
