import { useTranslation } from "../../i18n/use-translation";
import { useEffect, useRef } from "react";
import { Form, NavLink, Outlet, useLocation } from "react-router";
import { sectionsFor } from "../../../core/roles";
import { pageMeta } from "../../lib/meta";
import { requireStaff } from "../../lib/session.server";
import { useLocalizedPath } from "../../lib/site";
import type { Route } from "./+types/layout";
import { personalPageHeaders } from "../../lib/personal-page";

export const ADMIN_SECTION_PATHS = {
  dashboard: "/quan-tri",
  entries: "/quan-tri/bai-du-thi",
  registrants: "/quan-tri/thi-sinh",
  content: "/quan-tri/noi-dung",
  payments: "/quan-tri/thanh-toan",
  judging: "/quan-tri/cham-giai",
  seasons: "/quan-tri/mua-giai",
  settings: "/quan-tri/cai-dat",
  users: "/quan-tri/nguoi-dung",
  outbox: "/quan-tri/hop-thu",
  audit: "/quan-tri/nhat-ky",
} as const;

export const headers: Route.HeadersFunction = personalPageHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "admin.title" }),
  { name: "robots", content: "noindex" },
];

/** The back-office shell: only staff; each section checks its own roles on the server too. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, "dashboard");
  return {
    me: { name: user.name, email: user.email, role: user.role },
    sections: sectionsFor(user.role),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { me, sections } = loaderData;
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the sections are one sideways-scrolling row: the current one is brought into
  // that row's view (its own scroll only; scrollIntoView would move the page too).
  useEffect(() => {
    const box = nav.current;
    const active = box?.querySelector<HTMLElement>("a.active");
    if (!box || !active || box.scrollWidth <= box.clientWidth) return;
    const row = box.getBoundingClientRect();
    const link = active.getBoundingClientRect();
    box.scrollLeft += link.left - row.left - (row.width - link.width) / 2;
  }, [pathname]);
  return (
    <div className="container page admin">
      <header className="admin__header">
        <p className="admin__whoami">
          {t("admin.signedInAs", { name: me.name, email: me.email })} ·{" "}
          {t(`admin.roles.${me.role}`)}
        </p>
        <Form method="post" action={to("/dang-xuat")}>
          <button type="submit" className="button button--secondary">
            {t("account.signOut")}
          </button>
        </Form>
      </header>
      <nav ref={nav} aria-label={t("admin.navLabel")} className="admin__nav">
        <ul>
          {sections.map((section) => (
            <li key={section}>
              <NavLink to={to(ADMIN_SECTION_PATHS[section])} end={section === "dashboard"}>
                {t(`admin.sections.${section}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
