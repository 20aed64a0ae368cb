import { useTranslation } from "../../../i18n/use-translation";
import { Link } from "react-router";
import { registrantDisplayName } from "../../../../core/registrants-admin";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import { loadOr404 } from "../../../features/back-office/form.server";
import {
  RegistrantEntries,
  RegistrantProfile,
  type RegistrantPageData,
} from "../../../features/registrants-admin/registrant-detail";
import { requireStaff } from "../../../lib/session.server";
import { useLocalizedPath } from "../../../lib/site";
import type { Route } from "./+types/registrant";

export const meta: Route.MetaFunction = backOfficeMeta("registrantsAdmin.title");

/** How long the licence link on the page works (the link is made again on every load). */
const LINK_SECONDS = 15 * 60;

/** `/quan-tri/thi-sinh/:id`: one registrant's profile, licence, account state and entries. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, "registrants");
  const { services } = context;
  const found = await loadOr404(services.registrants.get(params.id));
  const { licence, ...rest } = found;
  const registrant: RegistrantPageData = {
    ...rest,
    licence: licence
      ? {
          mime: licence.mime,
          bytes: licence.bytes,
          url: services.storage.signedUrl(services.files.objectKey(licence.storageKey), {
            ttlSeconds: LINK_SECONDS,
            disposition: "inline",
            contentType: licence.mime,
          }),
        }
      : null,
  };
  return { registrant };
}

export default function AdminRegistrant({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { registrant } = loaderData;
  const name = registrantDisplayName(registrant);
  return (
    <AdminPage
      title={name}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("registrantsAdmin.title"), to: "/quan-tri/thi-sinh" },
        { label: name },
      ]}
      actions={<Link to={to("/quan-tri/thi-sinh")}>{t("registrantsAdmin.detail.back")}</Link>}
    >
      <RegistrantProfile registrant={registrant} />
      <RegistrantEntries registrant={registrant} />
    </AdminPage>
  );
}
