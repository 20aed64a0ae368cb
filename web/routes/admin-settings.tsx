import { useTranslation } from "react-i18next";
import { redirect, useActionData } from "react-router";
import { siteSettingsFormSchema, type SiteSettingsForm } from "../../core/admin-platform";
import { localizePath } from "../../core/languages";
import type { SiteSettings } from "../../core/site-settings";
import { AdminPage, FlashMessage, withNotice } from "../features/admin";
import { actorOf, changes, formObject, refuseForm } from "../features/admin-platform/form.server";
import {
  SchemaForm,
  type PlatformField,
  type PlatformFormResult,
} from "../features/admin-platform/schema-form";
import { pageMeta } from "../lib/meta";
import { requestMeta, requireStaff } from "../lib/session.server";
import type { Route } from "./+types/admin-settings";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "adminPlatform.settings.title" }),
  { name: "robots", content: "noindex" },
];

function toForm(s: SiteSettings): Record<string, string> {
  return {
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    socialWebsite: s.social.website,
    socialEmail: s.social.email,
    socialFacebook: s.social.facebook,
    socialYoutube: s.social.youtube,
    socialLinkedin: s.social.linkedin,
    socialTiktok: s.social.tiktok,
    chatProvider: s.chatWidget.provider,
    chatAccountId: s.chatWidget.accountId,
    seoTitleVi: s.seo.vi.title,
    seoDescriptionVi: s.seo.vi.description,
    seoImageVi: s.seo.vi.image,
    seoTitleEn: s.seo.en.title,
    seoDescriptionEn: s.seo.en.description,
    seoImageEn: s.seo.en.image,
  };
}

function toSettings(f: SiteSettingsForm): Partial<SiteSettings> {
  return {
    contactEmail: f.contactEmail,
    contactPhone: f.contactPhone,
    social: {
      website: f.socialWebsite,
      email: f.socialEmail,
      facebook: f.socialFacebook,
      youtube: f.socialYoutube,
      linkedin: f.socialLinkedin,
      tiktok: f.socialTiktok,
    },
    chatWidget: { provider: f.chatProvider, accountId: f.chatAccountId },
    seo: {
      vi: { title: f.seoTitleVi, description: f.seoDescriptionVi, image: f.seoImageVi },
      en: { title: f.seoTitleEn, description: f.seoDescriptionEn, image: f.seoImageEn },
    },
  };
}

/** `/quan-tri/cai-dat`: contact details, social links, chat widget, SEO defaults (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "settings");
  return { values: toForm(await context.services.settings.get()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "settings");
  const form = await request.formData();
  if (form.get("intent") !== "settings") {
    return refuseForm(400, "settings", form, { formError: "adminPlatform.errors.badRequest" });
  }
  const parsed = siteSettingsFormSchema.safeParse(formObject(form));
  if (!parsed.success) return refuseForm(400, "settings", form, { error: parsed.error });
  const { settings, audit } = context.services;
  const before = toForm(await settings.get());
  // Settings reach every public page (footer, chat, meta): the service clears the HTML cache.
  const saved = await settings.update(toSettings(parsed.data));
  await audit.record(
    actorOf(user, context),
    "settings.update",
    { type: "settings", id: "site" },
    changes(before, toForm(saved)),
  );
  return redirect(
    withNotice(
      localizePath("/quan-tri/cai-dat", requestMeta(request, context).lang),
      "adminPlatform.notices.saved",
    ),
  );
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>() as PlatformFormResult | undefined;
  const f = (name: string, extra: Partial<PlatformField> = {}): PlatformField => ({
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
        ]}
      />
    </AdminPage>
  );
}
