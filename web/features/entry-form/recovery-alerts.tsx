import { useTranslation } from "../../i18n/use-translation";

/** Another tab or device saved in between: reloading shows what is saved now. */
export function ConflictAlert({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="form-alert form-alert--error" role="alert">
      <p>{t("entryForm.conflict.message")}</p>
      <button type="button" className="button button--secondary" onClick={onReload}>
        {t("entryForm.conflict.reload")}
      </button>
    </div>
  );
}

/** This browser holds unsaved typing for an older version of the entry: restore or drop it. */
export function StaleCopyAlert({
  onRestore,
  onDiscard,
}: {
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-alert form-alert--error" role="status">
      <p>{t("entryForm.staleCopy.message")}</p>
      <button type="button" className="button button--secondary" onClick={onRestore}>
        {t("entryForm.staleCopy.restore")}
      </button>{" "}
      <button type="button" className="link-button" onClick={onDiscard}>
        {t("entryForm.staleCopy.discard")}
      </button>
    </div>
  );
}
