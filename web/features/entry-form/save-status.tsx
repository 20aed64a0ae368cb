import { useEffect, useRef } from "react";
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
      return <>{t(status.messageKey ?? "entryForm.save.locked")}</>;
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
  readOnly,
}: {
  code: string | null;
  status: EntryStatus;
  save: SaveStatus;
  lang: string;
  /** Nothing is saved on a read-only entry: the bar says why instead. */
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // The bar is sticky below the header and its height changes with the width (it wraps on a
  // phone): the form's parts keep that much scroll margin, so a field or message brought into
  // view is not hidden behind it.
  useEffect(() => {
    const bar = ref.current;
    const form = bar?.parentElement;
    if (!bar || !form || typeof ResizeObserver === "undefined") return;
    const note = () => form.style.setProperty("--entry-bar-height", `${bar.offsetHeight}px`);
    note();
    const observer = new ResizeObserver(note);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="entry-form__bar" ref={ref}>
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
        {readOnly ? (
          status === "withdrawn" ? (
            t("entryForm.save.withdrawn")
          ) : (
            t("entryForm.save.readOnly")
          )
        ) : (
          <StatusText status={save} lang={lang} />
        )}
      </p>
    </div>
  );
}
