import { useTranslation } from "../../i18n/use-translation";
import { Form, Link } from "react-router";
import { formatDate } from "../../../core/dates";
import type { Refusal } from "../../../core/refusal";
import { FormAlert } from "../../components/form/field";
import { ConfirmButton } from "../back-office/confirm";
import { useLang, useLocalizedPath } from "../../lib/site";

/** The intents of the staff entry page's library form (`publishEntriesSchema`'s values). */
export const LIBRARY_INTENTS = ["publish", "unpublish"] as const;

/** Tells the library form's refusals from the status form's on the same page. */
export const LIBRARY_FORM_KEY = "library";

/**
 * The service words its refusal for a selection ("untick the others"); on one entry's page the
 * entry itself is what cannot be published (its status may have just changed).
 */
export function refusalForOneEntry<R extends Refusal>(outcome: R): R {
  return outcome.formError === "library.errors.notPublishable"
    ? { ...outcome, formError: "library.errors.notPublishableOne" }
    : outcome;
}

/**
 * Whether the entry is in the public library (since when, with a link to its public page),
 * and the button that publishes or unpublishes it. Only entries that took part in the
 * competition can be published; the server checks again.
 */
export function LibraryPanel({
  entryId,
  publishedAt,
  publishable,
  canPublish,
  result,
}: {
  entryId: string;
  publishedAt: string | null;
  publishable: boolean;
  /** Whether this staff member's role publishes to the library (the action checks again). */
  canPublish: boolean;
  /** The page's action result: shown when it is this form's refusal. */
  result?: { ok: boolean; formKey?: string; formError?: string } | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  return (
    <section className="panel admin-panel" aria-labelledby="library-panel-heading">
      <h2 id="library-panel-heading">{t("library.admin.heading")}</h2>
      <FormAlert
        message={
          result && !result.ok && result.formKey === LIBRARY_FORM_KEY && result.formError
            ? t(result.formError)
            : undefined
        }
      />
      {publishedAt ? (
        <p>
          {t("library.admin.publishedSince", { date: formatDate(publishedAt, lang) })}{" "}
          <Link to={to(`/bai-thi/${entryId}`)}>{t("library.admin.viewPublic")}</Link>
        </p>
      ) : (
        <p>{t(publishable ? "library.admin.notPublished" : "library.admin.notPublishable")}</p>
      )}
      {!canPublish ? (
        <p className="form-hint">{t("library.admin.readOnly")}</p>
      ) : publishedAt || publishable ? (
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
