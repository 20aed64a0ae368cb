import { useTranslation } from "../i18n/use-translation";
import { redirect, useActionData } from "react-router";
import { localizePath } from "../../core/languages";
import { formatPhoneForDisplay } from "../../core/phone";
import { profileSchemaFor } from "../../core/registration";
import { SectionHeading } from "../components/section-heading";
import { SchemaForm, type FormFieldSpec } from "../components/form/schema-form";
import { refusal } from "../../core/refusal";
import { formValues, invalidForm, refusalResponse } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { requestMeta, requireEntrant } from "../lib/session.server";
import type { Route } from "./+types/account-profile";
import { keepFormWhenUnanswered } from "../lib/unanswered-form";
import { personalPageHeaders } from "../lib/personal-page";

export const headers: Route.HeadersFunction = personalPageHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "account.editProfile" }),
  { name: "robots", content: "noindex" },
];

/** `/tai-khoan/ho-so`: edit the registrant profile with the same core/ rules as registration. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireEntrant(request, context);
  const r = await context.services.identity.registrantProfile(user.id);
  if (!r) throw redirect(localizePath("/tai-khoan", requestMeta(request, context).lang));
  const values: Record<string, string> =
    r.type === "individual"
      ? {
          type: r.type,
          fullName: r.fullName,
          phone: formatPhoneForDisplay(r.phone),
          address: r.address,
          personalId: r.personalId ?? "",
        }
      : {
          type: r.type,
          companyName: r.companyName ?? "",
          businessRegistrationNumber: r.businessRegistrationNumber ?? "",
          taxCode: r.taxCode ?? "",
          representativeName: r.fullName,
          phone: formatPhoneForDisplay(r.phone),
          address: r.address,
          licenceFileId: r.licenceFileId ?? "",
        };
  return { type: r.type, values };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireEntrant(request, context);
  const current = await context.services.identity.registrantProfile(user.id);
  if (!current) return refusalResponse(refusal(400, "auth.requestFailed"), {});
  const values = formValues(await request.formData());
  // The type and the licence on file are not the form's to change.
  const input = { ...values, type: current.type, licenceFileId: current.licenceFileId ?? "" };
  const parsed = profileSchemaFor(current.type).safeParse(input);
  if (!parsed.success) return refusalResponse(invalidForm(parsed.error), values);
  const p = parsed.data as Record<string, string | undefined>;
  await context.services.identity.updateProfile(user.id, {
    fullName: (current.type === "enterprise" ? p.representativeName : p.fullName) ?? "",
    phone: p.phone ?? "",
    address: p.address ?? "",
    personalId: p.personalId || null,
    companyName: p.companyName ?? null,
    businessRegistrationNumber: p.businessRegistrationNumber ?? null,
    taxCode: p.taxCode ?? null,
    licenceFileId: current.licenceFileId,
  });
  return { ok: true, notice: "account.profileSaved" };
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AccountProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const f = (name: string, extra: Partial<FormFieldSpec> = {}): FormFieldSpec => ({
    name,
    label: t(`registration.fields.${name}.label`),
    required: true,
    ...extra,
  });
  const fields: FormFieldSpec[] =
    loaderData.type === "individual"
      ? [
          f("type", { kind: "hidden" }),
          f("fullName", { autoComplete: "name" }),
          f("personalId", {
            required: false,
            inputMode: "numeric",
            hint: t("registration.fields.personalId.hint"),
          }),
          f("phone", { autoComplete: "tel" }),
          f("address", { autoComplete: "street-address" }),
        ]
      : [
          f("type", { kind: "hidden" }),
          f("licenceFileId", { kind: "hidden" }),
          f("companyName", { autoComplete: "organization" }),
          f("businessRegistrationNumber"),
          f("taxCode"),
          f("representativeName", { autoComplete: "name" }),
          f("phone", { autoComplete: "tel" }),
          f("address", { autoComplete: "street-address" }),
        ];
  return (
    <div className="container page">
      <SectionHeading level={1} title={t("account.editProfile")} />
      <SchemaForm
        schema={profileSchemaFor(loaderData.type) as never}
        result={result}
        defaults={loaderData.values}
        submitLabel={t("account.saveProfile")}
        fields={fields}
      />
    </div>
  );
}
