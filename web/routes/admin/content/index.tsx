import { useTranslation } from "../../../i18n/use-translation";
import { AdminLinkList, type AdminLink } from "../../../features/back-office/link-list";
import { AdminPage } from "../../../features/back-office/page";
import { pageMeta } from "../../../lib/meta";
import { requireStaff } from "../../../lib/session.server";
import type { Route } from "./+types/index";

/**
 * The content sub-sections (PRODUCT §7), in menu order: each entry is a path under
 * `/quan-tri/noi-dung` and the i18n keys of its name and one-line description. Add a line
 * here when a sub-section exists.
 */
export const CONTENT_ADMIN_LINKS: { to: string; labelKey: string; descriptionKey: string }[] = [
  {
    to: "/quan-tri/noi-dung/tin-tuc",
    labelKey: "adminNews.title",
    descriptionKey: "adminNews.landingText",
  },
  {
    to: "/quan-tri/noi-dung/trang",
    labelKey: "adminContent.links.pages.label",
    descriptionKey: "adminContent.links.pages.description",
  },
  {
    to: "/quan-tri/noi-dung/chuyen-gia",
    labelKey: "adminContent.links.jury.label",
    descriptionKey: "adminContent.links.jury.description",
  },
  {
    to: "/quan-tri/noi-dung/thang-giai",
    labelKey: "adminContent.links.winners.label",
    descriptionKey: "adminContent.links.winners.description",
  },
  {
    to: "/quan-tri/noi-dung/tai-lieu",
    labelKey: "adminContent.links.documents.label",
    descriptionKey: "adminContent.links.documents.description",
  },
];

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "admin.sections.content" }),
  { name: "robots", content: "noindex" },
];

/** `/quan-tri/noi-dung`: the content section's landing (editors and admins). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  return null;
}

export default function AdminContent() {
  const { t } = useTranslation();
  const links: AdminLink[] = CONTENT_ADMIN_LINKS.map((link) => ({
    to: link.to,
    label: t(link.labelKey),
    description: t(link.descriptionKey),
  }));
  return (
    <AdminPage title={t("admin.sections.content")} lead={t("adminNews.landingLead")}>
      <AdminLinkList links={links} />
    </AdminPage>
  );
}
