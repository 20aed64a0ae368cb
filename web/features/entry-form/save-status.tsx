import { useTranslation } from "../../i18n/use-translation";
import { entryStatusLabelKey, type EntryStatus } from "../../../core/entry-status";
import type { SaveStatus } from "./autosave";

function StatusText({ status, lang }: { status: SaveStatus; lang: string }) {
  const { t } = useTranslation();
  switch (status.kind) {
    case "saving":
      return <>{t("entryForm.save.saving")}</>;
    case "saved":
    case "partly": {
      const time = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "vi-VN", {
        hour: "2-digit",
        minute: "2-digit",
        timeZone: "Asia/Ho_Chi_Minh",
      }).format(new Date(status.at));
      const key =
        status.kind === "partly" ? "entryForm.save.savedExcept" : "entryForm.save.savedAt";
      return <>{t(key, { time })}</>;
    }
    case "retrying":
      return <>{t("entryForm.save.retrying")}</>;
    case "invalid":
      return <>{t(status.messageKey ?? "entryForm.save.invalid")}</>;
    case "conflict":
      return <>{t("entryForm.save.conflict")}</>;
    case "locked":
      return <>{t("entryForm.save.locked")}</>;
    default:
      return <>{t("entryForm.save.idle")}</>;
  }
}

/** The bar above the form: the entry's code and status, and how its autosave is doing. */
export function EntryFormBar({
  code,
  status,
  save,
  lang,
}: {
  code: string | null;
  status: EntryStatus;
  save: SaveStatus;
  lang: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="entry-form__bar">
      <dl className="facts entry-form__facts">
        <dt>{t("entry.fields.entryCode.label")}</dt>
        <dd data-testid="entry-code">{code ?? t("entryForm.codePending")}</dd>
        <dt>{t("entryForm.status")}</dt>
        <dd data-testid="entry-status">{t(entryStatusLabelKey(status))}</dd>
      </dl>
      <p
        className={`entry-form__save entry-form__save--${save.kind}`}
        role="status"
        aria-live="polite"
      >
        <StatusText status={save} lang={lang} />
      </p>
    </div>
  );
}
