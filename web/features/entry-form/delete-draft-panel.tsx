import { useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { FormAlert } from "../../components/form/field";
import { useLocalizedPath } from "../../lib/site";
import { clearLocalCopy } from "./autosave";
import { ConfirmDialog } from "./confirm-dialog";
import { postEntryAction } from "./post";
import type { EntryActionResult } from "./types";
import { withdrawConfirmText } from "./withdraw-confirm";

/**
 * Deleting a draft that never went in, after a confirmation naming it: the entry, its files
 * and this browser's copy of it go, and the entrant lands on their account with a notice.
 */
export function DeleteDraftPanel({
  entryId,
  code,
  campaignName,
}: {
  entryId: string;
  code: string | null;
  campaignName: () => string;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const fetcher = useFetcher<EntryActionResult>({ key: "entry-delete-draft" });
  const [open, setOpen] = useState(false);
  const result = fetcher.data?.intent === "deleteDraft" ? fetcher.data : undefined;

  useEffect(() => {
    if (!result?.ok) return;
    clearLocalCopy(entryId);
    void navigate(`${to("/tai-khoan")}?draftDeleted=1`, { replace: true });
  }, [result, entryId, navigate, to]);

  return (
    <section className="panel" aria-labelledby="entry-delete-title">
      <h2 id="entry-delete-title">{t("entryForm.deleteDraft.title")}</h2>
      <p className="field__hint">{t("entryForm.deleteDraft.hint")}</p>
      <p>
        <button
          type="button"
          className="button button--secondary"
          disabled={fetcher.state !== "idle"}
          onClick={() => setOpen(true)}
        >
          {fetcher.state !== "idle"
            ? t("entryForm.deleteDraft.deleting")
            : t("entryForm.deleteDraft.button")}
        </button>
      </p>
      {result && !result.ok ? <FormAlert message={t(result.formError)} /> : null}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("entryForm.deleteDraft.confirmTitle")}
        confirmLabel={t("entryForm.deleteDraft.confirm")}
        cancelLabel={t("entryForm.deleteDraft.cancel")}
        onConfirm={() => void postEntryAction(fetcher, { intent: "deleteDraft", entryId })}
      >
        <p>
          {withdrawConfirmText(t, { code, campaignName: campaignName() }, "entryForm.deleteDraft")}
        </p>
      </ConfirmDialog>
    </section>
  );
}
