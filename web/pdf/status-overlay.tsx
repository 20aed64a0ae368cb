import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { Status } from "./use-document";

/** What covers the pages while there is no document to show: progress, a prompt, a message. */
export function StatusOverlay({
  status,
  onPassword,
  onOpenFile,
}: {
  status: Status;
  onPassword: (password: string) => void;
  onOpenFile: () => void;
}) {
  const { t } = useTranslation();
  switch (status.kind) {
    case "loading":
      return (
        <div className="pdfv__overlay" role="status">
          <p>
            {status.percent === null
              ? t("pdf.loading")
              : t("pdf.loadingPercent", { percent: status.percent })}
          </p>
          <progress
            className="pdfv__progress"
            max={100}
            aria-label={t("pdf.progressLabel")}
            {...(status.percent === null ? {} : { value: status.percent })}
          />
        </div>
      );
    case "password":
      return <PasswordPrompt status={status} onSubmit={onPassword} />;
    case "error":
      return (
        <div className="pdfv__overlay" role="alert">
          <p className="pdfv__error-title">{t("pdf.error.title")}</p>
          <p>{t(`pdf.error.${status.error}`)}</p>
        </div>
      );
    case "empty":
      return (
        <div className="pdfv__overlay">
          <p>{t("pdf.noDocument")}</p>
          <button type="button" className="pdfv__primary" onClick={onOpenFile}>
            {t("pdf.openFile.button")}
          </button>
        </div>
      );
    default:
      return null;
  }
}

/**
 * The password prompt of a protected document. It takes focus; after a wrong password the
 * text is selected to retype.
 */
function PasswordPrompt({
  status,
  onSubmit,
}: {
  status: Extract<Status, { kind: "password" }>;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const passwordId = useId();
  const errorId = useId();

  useEffect(() => {
    const input = inputRef.current;
    input?.focus();
    if (status.wrong) input?.select();
  }, [status]);

  return (
    <div className="pdfv__overlay">
      <form
        className="pdfv__password"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(password);
        }}
      >
        <label htmlFor={passwordId} className="pdfv__password-label">
          {t("pdf.password.prompt")}
        </label>
        <input
          ref={inputRef}
          id={passwordId}
          type="password"
          autoComplete="off"
          value={password}
          aria-invalid={status.wrong ? true : undefined}
          aria-describedby={status.wrong ? errorId : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        {status.wrong ? (
          <p id={errorId} className="pdfv__password-error" role="alert">
            {t("pdf.password.wrong")}
          </p>
        ) : null}
        <button type="submit" className="pdfv__primary">
          {t("pdf.password.submit")}
        </button>
      </form>
    </div>
  );
}
