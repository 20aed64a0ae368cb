import type { ComponentProps } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { EntryFileField } from "../../../core/entry-limits";
import { fieldId } from "./fields";
import { FileUploadField } from "./file-upload";
import type { EntryFileView } from "./types";

type UploadCommon = Omit<ComponentProps<typeof FileUploadField>, "field" | "label" | "files">;

/**
 * The entry's documents: the idea materials (an article or slides, in either language, at
 * least one) and the two signed commitments.
 */
export function DocumentFields({
  common,
  filesOf,
  fileErrorOf,
  ideaMissing,
}: {
  common: UploadCommon;
  filesOf: (field: EntryFileField) => EntryFileView[];
  fileErrorOf: (field: EntryFileField) => string | undefined;
  /** A refused submission named the idea materials as missing. */
  ideaMissing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="entry-form__group" id={fieldId("ideaArticleViFileId")}>
        <legend>
          {t("entryForm.ideaMaterials")}
          <span aria-hidden="true"> *</span>
        </legend>
        <p className="field__hint">{t("entry.fields.ideaMaterials.hint")}</p>
        {ideaMissing ? (
          <p className="field__error">{t("validation.entryIdeaArticleRequired")}</p>
        ) : null}
        <div className="form__grid">
          {(["ideaArticleVi", "ideaArticleEn", "slidesVi", "slidesEn"] as const).map((field) => (
            <FileUploadField
              key={field}
              {...common}
              field={field}
              label={t(`entry.fields.${field}.label`)}
              files={filesOf(field)}
            />
          ))}
        </div>
      </fieldset>

      <div className="form__grid">
        {(["legalCommitment", "copyrightCommitment"] as const).map((field) => (
          <FileUploadField
            key={field}
            {...common}
            field={field}
            label={t(`entry.fields.${field}.label`)}
            hint={t(`entry.fields.${field}.hint`)}
            files={filesOf(field)}
            required
            error={fileErrorOf(field)}
          />
        ))}
      </div>
    </>
  );
}
