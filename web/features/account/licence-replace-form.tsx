import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { licenceReplacementSchema } from "../../../core/registration";
import { acceptAttribute, LICENCE_FILE_RULES } from "../../../core/upload-rules";
import { Field, FormAlert } from "../../components/form/field";
import { useTranslation } from "../../i18n/use-translation";
import { keyboardPlaceLost, useAfterSend } from "../../lib/after-send";
import type { FormResult } from "../../lib/use-server-form";

/** What the account action answers this form: a notice, or the refusal to show at the file. */
export type LicenceReplaceResult = FormResult & { notice?: string };

/** The chosen file's problem by the one core/ schema (the server checks the same), or null. */
function problemOf(input: HTMLInputElement): string | null {
  const file = input.files?.[0];
  const parsed = licenceReplacementSchema.safeParse({
    licence: file ? { name: file.name, size: file.size, type: file.type } : undefined,
  });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * A company replaces its business licence (a wrong or expired one) from the account page: one
 * file picker, checked in the browser before anything is sent, then by the server; the file
 * goes as multipart with `intent=replaceLicence`. Works as plain HTML before hydration.
 */
export function LicenceReplaceForm({ result }: { result: LicenceReplaceResult | undefined }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState("");
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "replaceLicence";

  // A new answer from the server replaces the browser's own finding; a refusal puts the
  // keyboard back on the file, a success clears the picker.
  const serverError = result && !result.ok ? result.fieldErrors?.licence : undefined;
  useEffect(() => {
    if (!result) return;
    setProblem(null);
    setChosen("");
    if (!result.ok) input.current?.focus();
    else if (input.current) input.current.value = "";
  }, [result]);

  // The button was disabled while the file went: the keyboard's place comes back to it.
  useAfterSend(sending, () => {
    if (keyboardPlaceLost()) button.current?.focus();
  });

  const check = (event: FormEvent<HTMLFormElement>) => {
    const found = input.current ? problemOf(input.current) : null;
    if (!found) return;
    event.preventDefault();
    setProblem(found);
    input.current?.focus();
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="form"
      noValidate
      onSubmit={check}
      aria-labelledby="licence-replace-heading"
    >
      <h3 id="licence-replace-heading">{t("account.licence.replace")}</h3>
      <FormAlert
        tone="success"
        message={result?.ok && result.notice ? t(result.notice) : undefined}
      />
      <FormAlert
        message={
          result && !result.ok && result.formError
            ? t(result.formError, { minutes: result.retryAfterMinutes ?? 0 })
            : undefined
        }
      />
      <input type="hidden" name="intent" value="replaceLicence" />
      <Field
        id="replace-licence"
        label={t("account.licence.file")}
        required
        hint={
          chosen
            ? t("account.licence.chosen", { name: chosen })
            : t("registration.fields.licenceFile.hint")
        }
        error={problem ?? serverError}
      >
        {(control) => (
          <input
            {...control}
            ref={input}
            name="licence"
            type="file"
            required
            accept={acceptAttribute(LICENCE_FILE_RULES)}
            onChange={(event) => {
              const found = problemOf(event.target);
              setProblem(found);
              setChosen(found ? "" : (event.target.files?.[0]?.name ?? ""));
            }}
          />
        )}
      </Field>
      <p>
        <button ref={button} type="submit" className="button button--secondary" disabled={sending}>
          {t("account.licence.replace")}
        </button>
      </p>
    </Form>
  );
}
