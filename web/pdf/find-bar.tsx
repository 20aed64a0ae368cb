import { forwardRef, useId } from "react";
import { useTranslation } from "../i18n/use-translation";
import { ChevronDownIcon, ChevronUpIcon, CloseIcon } from "../components/icons";
import { ToolButton } from "./tool-button";

export interface FindOptions {
  query: string;
  caseSensitive: boolean;
  matchDiacritics: boolean;
}

export type FindStatus =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "found"; current: number; total: number }
  | { kind: "notFound" };

/**
 * Text search (pdf.js's find controller): type to search, Enter for the next match,
 * Shift+Enter for the previous one, Esc to close; the match count is announced politely.
 */
export const FindBar = forwardRef<
  HTMLInputElement,
  {
    id: string;
    options: FindOptions;
    status: FindStatus;
    onChange: (options: FindOptions) => void;
    onStep: (previous: boolean) => void;
    onClose: () => void;
  }
>(function FindBar({ id, options, status, onChange, onStep, onClose }, inputRef) {
  const { t } = useTranslation();
  const inputId = useId();
  const statusText =
    status.kind === "found"
      ? t("pdf.find.count", { current: status.current, total: status.total })
      : status.kind === "notFound"
        ? t("pdf.find.notFound")
        : status.kind === "pending"
          ? t("pdf.find.searching")
          : "";

  return (
    <div id={id} className="pdfv__findbar" role="search">
      <label htmlFor={inputId} className="visually-hidden">
        {t("pdf.find.input")}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        className="pdfv__find-input"
        placeholder={t("pdf.find.placeholder")}
        value={options.query}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange({ ...options, query: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            onStep(event.shiftKey);
          } else if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          }
        }}
      />
      <ToolButton
        label={t("pdf.find.previous")}
        disabled={!options.query}
        onClick={() => onStep(true)}
      >
        <ChevronUpIcon size={20} />
      </ToolButton>
      <ToolButton
        label={t("pdf.find.next")}
        disabled={!options.query}
        onClick={() => onStep(false)}
      >
        <ChevronDownIcon size={20} />
      </ToolButton>
      <label className="pdfv__check">
        <input
          type="checkbox"
          checked={options.caseSensitive}
          onChange={(event) => onChange({ ...options, caseSensitive: event.target.checked })}
        />
        {t("pdf.find.matchCase")}
      </label>
      <label className="pdfv__check">
        <input
          type="checkbox"
          checked={options.matchDiacritics}
          onChange={(event) => onChange({ ...options, matchDiacritics: event.target.checked })}
        />
        {t("pdf.find.matchDiacritics")}
      </label>
      <span className="pdfv__find-status" role="status" aria-live="polite">
        {statusText}
      </span>
      <ToolButton label={t("pdf.find.close")} className="pdfv__findbar-close" onClick={onClose}>
        <CloseIcon size={20} />
      </ToolButton>
    </div>
  );
});
