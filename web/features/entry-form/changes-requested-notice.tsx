import { useId } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { formatVietnamDateTime } from "../../../core/dates";
import type { EntryLock } from "../../../core/entry-lock";

/**
 * An entry sent back for changes: the staff member's reason and when editing ends (the date
 * they gave, or the season's window while that ends later; core/entry-lock.ts).
 */
export interface ChangesRequestedView {
  reason: string;
  editableUntil: EntryLock;
}

/**
 * What the Organising Committee asked the entrant to change and until when the entry stays
 * open for it (Vietnam time): the date staff gave, even after the submission deadline, or the
 * season's deadline when that is later; once that has passed, that the time for changes is
 * over. Shown at the top of the entry form and in the entrant's list.
 */
export function ChangesRequestedNotice({
  changes,
  editable,
  headingLevel = 2,
}: {
  changes: ChangesRequestedView;
  /** Whether the entry may still be edited (the server's answer, not the browser's clock). */
  editable: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const date = formatVietnamDateTime(changes.editableUntil.at);
  const paragraphs = changes.reason.split(/\n{2,}/).filter((text) => text.trim() !== "");
  return (
    <section
      className="form-alert form-alert--error changes-requested"
      aria-labelledby={headingId}
      data-testid="changes-requested"
    >
      <Heading id={headingId} className="changes-requested__title">
        {t("entryForm.changesRequested.title")}
      </Heading>
      {paragraphs.length > 0 ? (
        <>
          <p className="changes-requested__label">{t("entryForm.changesRequested.reasonLabel")}:</p>
          <blockquote className="changes-requested__reason">
            {paragraphs.map((text, index) => (
              <p key={index}>
                {text.split("\n").map((line, lineIndex) => (
                  <span key={lineIndex}>
                    {lineIndex > 0 ? <br /> : null}
                    {line}
                  </span>
                ))}
              </p>
            ))}
          </blockquote>
        </>
      ) : null}
      <p>
        {!editable
          ? t("entryForm.changesRequested.closed", { date })
          : changes.editableUntil.by === "window"
            ? t("entryForm.changesRequested.openUntilClose", { date })
            : t("entryForm.changesRequested.openUntil", { date })}
      </p>
    </section>
  );
}
