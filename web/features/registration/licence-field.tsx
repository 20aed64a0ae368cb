import { useTranslation } from "../../i18n/use-translation";
import type { UseFormRegisterReturn } from "react-hook-form";
import { acceptAttribute, LICENCE_FILE_RULES } from "../../../core/upload-rules";
import { Field } from "../../components/form/field";

/**
 * An enterprise's business licence: a file picker (plain HTML before hydration), the id of
 * a licence stored earlier (kept across a refused submission) and the chosen file's name.
 * The control's id stays `licence`: the form finds a file picked before hydration by it.
 */
export function LicenceField({
  fileName,
  chosen,
  keptFileId,
  registration,
  error,
  onChoose,
}: {
  /** The file chosen or kept, shown in place of the hint. */
  fileName: string;
  /** Picked on this page and not sent yet: "chosen", not "we have it". */
  chosen: boolean;
  keptFileId: string | undefined;
  /** The hidden input holding the stored file's id (or a marker for a new upload). */
  registration: UseFormRegisterReturn;
  /** An i18n key. */
  error: string | undefined;
  onChoose: (input: HTMLInputElement) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field
      id="licence"
      label={t("registration.fields.licenceFile.label")}
      required
      hint={
        fileName && chosen
          ? t("registration.fields.licenceFile.chosen", { name: fileName })
          : fileName && keptFileId
            ? t("account.licenceKept", { name: fileName })
            : t("registration.fields.licenceFile.hint")
      }
      error={error}
      after={
        <>
          <input type="hidden" defaultValue={keptFileId} {...registration} />
          <input type="hidden" name="licenceName" value={fileName} />
        </>
      }
    >
      {(control) => (
        <input
          {...control}
          name="licence"
          type="file"
          accept={acceptAttribute(LICENCE_FILE_RULES)}
          onChange={(event) => onChoose(event.target)}
        />
      )}
    </Field>
  );
}
