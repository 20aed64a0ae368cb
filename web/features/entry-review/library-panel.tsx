import { useTranslation } from "../../i18n/use-translation";
import { Form, Link } from "react-router";
import { formatDate } from "../../../core/dates";
import { ConfirmButton } from "../back-office/confirm";
import { useLang, useLocalizedPath } from "../../lib/site";

/** The intents of the staff entry page's library form (`publishEntriesSchema`'s values). */
export const LIBRARY_INTENTS = ["publish", "unpublish"] as const;

/**
 * Whether the entry is in the public library (since when, with a link to its public page),
 * and the button that publishes or unpublishes it. Only entries that took part in the
 * competition can be published; the server checks again.
 */
export function LibraryPanel({
  entryId,
  publishedAt,
  publishable,
}: {
  entryId: string;
  publishedAt: string | null;
  publishable: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  return (
    <section className="panel admin-panel" aria-labelledby="library-panel-heading">
      <h2 id="library-panel-heading">{t("library.admin.heading")}</h2>
      {publishedAt ? (
        <p>
          {t("library.admin.publishedSince", { date: formatDate(publishedAt, lang) })}{" "}
          <Link to={to(`/bai-thi/${entryId}`)}>{t("library.admin.viewPublic")}</Link>
        </p>
      ) : (
        <p>{t(publishable ? "library.admin.notPublished" : "library.admin.notPublishable")}</p>
      )}
      {publishedAt || publishable ? (
        <Form method="post">
          <input type="hidden" name="intent" value={publishedAt ? "unpublish" : "publish"} />
          <ConfirmButton
            message={t(
              publishedAt ? "library.admin.confirmUnpublish" : "library.admin.confirmPublish",
            )}
          >
            {t(publishedAt ? "library.admin.unpublish" : "library.admin.publish")}
          </ConfirmButton>
        </Form>
      ) : null}
    </section>
  );
}
