import { useTranslation } from "../../i18n/use-translation";
import { useActionData } from "react-router";
import { refusal } from "../../../core/refusal";
import {
  formToSettings,
  settingsToForm,
  siteSettingsFormSchema,
} from "../../../core/site-settings";
import { AdminPage } from "../../features/back-office/page";
import { backOfficeMeta } from "../../features/back-office/meta";
import { FlashMessage } from "../../features/back-office/flash";
import { SchemaForm, type FormFieldSpec, type FormResult } from "../../components/form/schema-form";
import {
  actorOf,
  redirectWithNotice,
  refused,
  submitForm,
} from "../../features/back-office/form.server";
import { requireStaff } from "../../lib/session.server";
import type { Route } from "./+types/settings";
import { keepFormWhenUnanswered } from "../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("adminPlatform.settings.title");

/** `/quan-tri/cai-dat`: contact details, social links, chat widget, SEO defaults, the bank account for transfers (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "settings");
  return { values: settingsToForm(await context.services.settings.get()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "settings");
  const form = await request.formData();
  const formKey = "settings";
  if (form.get("intent") !== "settings") {
    return refused(refusal(400, "adminPlatform.errors.badRequest"), form, { formKey });
  }
  return submitForm(
    form,
    siteSettingsFormSchema,
    async (input) => ({
      ok: true,
      settings: await context.services.settings.update(
        formToSettings(input),
        actorOf(user, context),
      ),
    }),
    () => redirectWithNotice(request, "/quan-tri/cai-dat", "adminPlatform.notices.saved"),
    { formKey },
  );
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const f = (name: string, extra: Partial<FormFieldSpec> = {}): FormFieldSpec => ({
    name,
    label: t(`adminPlatform.settings.fields.${name}`),
    ...extra,
  });
  const url = { placeholder: "https://…" };
  return (
    <AdminPage
      title={t("adminPlatform.settings.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("adminPlatform.settings.title") },
      ]}
      lead={t("adminPlatform.settings.lead")}
    >
      <FlashMessage />
      <SchemaForm
        wide
        schema={siteSettingsFormSchema as never}
        formKey="settings"
        intent="settings"
        defaults={loaderData.values}
        result={result}
        submitLabel={t("adminPlatform.save")}
        fields={[
          f("contactEmail", { kind: "email", required: true, autoComplete: "off", row: "contact" }),
          f("contactPhone", { row: "contact" }),
          f("socialWebsite", { ...url, row: "social1" }),
          f("socialEmail", { kind: "email", row: "social1" }),
          f("socialFacebook", { ...url, row: "social2" }),
          f("socialYoutube", { ...url, row: "social2" }),
          f("socialLinkedin", { ...url, row: "social3" }),
          f("socialTiktok", { ...url, row: "social3" }),
          f("chatProvider", {
            kind: "select",
            row: "chat",
            options: ["none", "messenger", "zalo"].map((value) => ({
              value,
              label: t(`adminPlatform.settings.chatProviders.${value}`),
            })),
          }),
          f("chatAccountId", { hint: t("adminPlatform.settings.chatHint"), row: "chat" }),
          f("seoTitleVi", { hint: t("adminPlatform.settings.seoTitleHint"), row: "seoTitle" }),
          f("seoTitleEn", { hint: t("adminPlatform.settings.seoTitleHint"), row: "seoTitle" }),
          f("seoDescriptionVi", { kind: "textarea", row: "seoDescription" }),
          f("seoDescriptionEn", { kind: "textarea", row: "seoDescription" }),
          f("seoImageVi", { hint: t("adminPlatform.settings.seoImageHint"), row: "seoImage" }),
          f("seoImageEn", { hint: t("adminPlatform.settings.seoImageHint"), row: "seoImage" }),
          // Where entrants transfer fees (the VietQR code is made from these).
          f("paymentBankName", { required: true, row: "bank1" }),
          f("paymentBankBin", {
            required: true,
            hint: t("adminPlatform.settings.bankBinHint"),
            row: "bank1",
          }),
          f("paymentAccountNumber", { required: true, autoComplete: "off", row: "bank2" }),
          f("paymentAccountHolder", { required: true, row: "bank2" }),
          f("paymentExpiryHours", {
            required: true,
            hint: t("adminPlatform.settings.paymentExpiryHint"),
            row: "bank3",
          }),
        ]}
      />
    </AdminPage>
  );
}
