import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState, type ComponentProps } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useNavigation } from "react-router";
import {
  REGISTRANT_FIELD_MAX_LENGTH as MAX,
  registrationSchema,
  type RegistrationInput,
} from "../../../core/registration";
import { formatVietnamDateTime } from "../../../core/dates";
import { licenceFileProblemMessage } from "../../../core/upload-rules";
import { FormAlert, TextField, useErrorText } from "../../components/form/field";
import { SectionHeading } from "../../components/section-heading";
import { useHydrated, useLiveFormValues } from "../../hydration/form-state";
import { useLocalizedPath } from "../../lib/site";
import {
  CHECKED_FORM,
  useBlurAfterPointer,
  useServerErrors,
  useValidatedSubmit,
} from "../../lib/use-server-form";
import { LicenceField } from "./licence-field";

const REGISTRATION_FORM_ID = "registration-form";

/** What the registration action sends back when it refuses the form. */
export interface RegistrationFailure {
  values?: Record<string, string> | undefined;
  fieldErrors?: Record<string, string> | undefined;
  formError?: string | undefined;
  retryAfterMinutes?: number | undefined;
}

/** Form values as the inputs' HTML holds them: a ticked box is "on". */
function textValues(values: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === "boolean" ? (value ? "on" : "") : value == null ? undefined : String(value),
    ]),
  );
}

const EMPTY: Record<string, string> = {
  type: "individual",
  fullName: "",
  companyName: "",
  businessRegistrationNumber: "",
  taxCode: "",
  representativeName: "",
  phone: "",
  email: "",
  address: "",
  personalId: "",
  licenceFileId: "",
};

/** After registering (or trying an address that has an account): the email is the next step. */
export function RegistrationSent() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <div className="container page auth-card">
      <SectionHeading level={1} title={t("account.registrationSentTitle")} />
      <p className="form-alert form-alert--success" role="status">
        {t("account.registrationSent")}
      </p>
      <p>
        {t("account.registrationSentHint")} <Link to={to("/dang-nhap")}>{t("account.signIn")}</Link>
      </p>
    </div>
  );
}

/**
 * In place of the form outside the current season's registration window: when it opens, or
 * when it closed (DD/MM/YYYY HH:mm, Vietnam time), and the way in for those already registered.
 */
export function RegistrationClosed({
  state,
  at,
  year,
}: {
  state: "not_yet_open" | "closed";
  at: string;
  year: number;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  // "DD/MM/YYYY HH:mm": each language places the day and the time in its own order.
  const [date, time] = formatVietnamDateTime(at).split(" ");
  return (
    <div className="container page auth-card">
      <SectionHeading level={1} title={t("sections.registration")} />
      <p className="form-alert" role="status">
        {state === "not_yet_open"
          ? t("registration.window.opensOn", { year, date, time })
          : t("registration.window.closedOn", { year, date, time })}
      </p>
      <p>
        {t("registration.window.registeredHint")}{" "}
        <Link to={to("/dang-nhap")}>{t("account.signIn")}</Link>
      </p>
    </div>
  );
}

/**
 * The registration form (seed §5): an individual's or an enterprise's fields, the account's
 * email and password, acceptance of the rules. It works as plain HTML before hydration, and
 * keeps what was typed across a refusal.
 */
export function RegistrationForm({ failure }: { failure: RegistrationFailure | undefined }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const [licenceName, setLicenceName] = useState(failure?.values?.licenceName ?? "");
  // A licence picked here and not sent yet; after a refusal, only a stored one is named.
  const [licenceChosen, setLicenceChosen] = useState(false);
  const [licenceFailure, setLicenceFailure] = useState(failure);
  if (failure !== licenceFailure) {
    setLicenceFailure(failure);
    setLicenceChosen(false);
    setLicenceName(failure?.values?.licenceName ?? "");
  }

  // What the server rendered: empty, or what it sent back with a refusal.
  const serverValues: Record<string, unknown> = { ...EMPTY, ...(failure?.values ?? {}) };
  // On hydration, what the person already typed, ticked or chose (hydration/form-state.ts).
  const live = useLiveFormValues(REGISTRATION_FORM_ID, serverValues);
  const [serverType] = useState(String(serverValues.type));
  const [failureAtStart] = useState(failure);
  const hydrated = useHydrated();

  const form = useForm<RegistrationInput>({
    resolver: zodResolver(registrationSchema),
    defaultValues: live as unknown as RegistrationInput,
    // The fields of a company register after the shared ones below them: focus follows the
    // page's order (useValidatedSubmit), not react-hook-form's.
    ...CHECKED_FORM,
  });
  const { formEvents, deferBlur } = useBlurAfterPointer();
  const validatedSubmit = useValidatedSubmit(form, {
    method: "post",
    encType: "multipart/form-data",
  });
  useServerErrors(form, failure?.fieldErrors, validatedSubmit.ref);
  const { formState, watch, setValue } = form;
  const register = (name: Parameters<typeof form.register>[0]) => deferBlur(form.register(name));
  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  // The fields shown follow the type chosen — from hydration on; the hydrating render itself
  // matches the server's HTML.
  const watchedType = watch("type");
  const type = hydrated ? watchedType : serverType;
  const busy = navigation.state === "submitting";
  // What the server sends back after a refusal is rendered into the inputs' HTML, so nothing
  // typed is lost even before (or without) JavaScript; after a refusal in the browser, the
  // server's copy of what was sent is the newer one.
  const kept = textValues(failure && failure !== failureAtStart ? serverValues : live);
  const chooseLicence = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const problem = licenceFileProblemMessage({
      name: file.name,
      size: file.size,
      type: file.type,
    });
    if (problem) {
      input.value = "";
      setLicenceChosen(false);
      form.setError("licenceFileId" as never, { type: "client", message: problem });
      return;
    }
    setLicenceName(file.name);
    setLicenceChosen(true);
    // The server replaces this marker with the stored file's id.
    setValue("licenceFileId" as never, "selected" as never, { shouldValidate: true });
  };
  // A licence chosen before the page hydrated (its picker works as plain HTML) counts too.
  useEffect(() => {
    const input = document.getElementById("licence");
    if (input instanceof HTMLInputElement && input.files?.length) chooseLicence(input);
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /** A field's error (an i18n key): the browser's check first, else the server's. */
  const errorOf = (name: string): string | undefined => {
    const client = errors[name];
    return client ? client.message : failure?.fieldErrors?.[name];
  };
  /** A text field of the form, labelled and filled from the field's name. */
  const text = (
    name: string,
    props: Omit<ComponentProps<typeof TextField>, "label" | "registration" | "error"> = {},
  ) => (
    <TextField
      label={t(`registration.fields.${name}.label`)}
      defaultValue={kept[name]}
      registration={register(name as never)}
      error={errorOf(name)}
      {...props}
    />
  );

  return (
    <div className="container page">
      <SectionHeading level={1} title={t("sections.registration")} />
      <p className="lead">{t("account.registerLead")}</p>
      <form
        {...validatedSubmit}
        {...formEvents}
        id={REGISTRATION_FORM_ID}
        method="post"
        encType="multipart/form-data"
        className="form form--wide"
        noValidate
      >
        <FormAlert
          message={
            failure?.formError
              ? t(failure.formError, { minutes: failure.retryAfterMinutes ?? 0 })
              : undefined
          }
        />
        <fieldset className="segmented">
          <legend>{t("registration.fields.type.label")}</legend>
          {(["individual", "enterprise"] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                value={value}
                defaultChecked={(kept.type === "enterprise") === (value === "enterprise")}
                {...register("type")}
              />
              {t(`registration.fields.type.${value}`)}
            </label>
          ))}
        </fieldset>

        {/* Keyed by type: each type's fields are their own inputs, so switching type never
            shows one type's values in the other's fields (react-hook-form keeps both). */}
        {type === "enterprise" ? (
          <div key="enterprise" className="form__grid">
            {text("companyName", {
              required: true,
              maxLength: MAX.companyName,
              autoComplete: "organization",
            })}
            {text("businessRegistrationNumber", { required: true, inputMode: "numeric" })}
            {text("taxCode", {
              required: true,
              inputMode: "numeric",
              hint: t("registration.fields.taxCode.hint"),
            })}
            {text("representativeName", {
              required: true,
              maxLength: MAX.representativeName,
              autoComplete: "name",
            })}
          </div>
        ) : (
          <div key="individual" className="form__grid">
            {text("fullName", { required: true, maxLength: MAX.fullName, autoComplete: "name" })}
            {text("personalId", {
              inputMode: "numeric",
              hint: t("registration.fields.personalId.hint"),
            })}
          </div>
        )}
        <div className="form__grid">
          {text("phone", {
            required: true,
            type: "tel",
            autoComplete: "tel",
            hint: t("registration.fields.phone.hint"),
          })}
          {text("email", {
            required: true,
            type: "email",
            autoComplete: "email",
            maxLength: MAX.email,
          })}
        </div>
        {text("address", {
          required: true,
          maxLength: MAX.address,
          autoComplete: "street-address",
        })}

        {type === "enterprise" ? (
          <LicenceField
            fileName={licenceName}
            chosen={licenceChosen}
            keptFileId={kept.licenceFileId}
            registration={register("licenceFileId" as never)}
            error={errorOf("licenceFileId")}
            onChoose={chooseLicence}
          />
        ) : null}

        {text("password", {
          required: true,
          type: "password",
          autoComplete: "new-password",
          hint: t("registration.fields.password.hint"),
          // A password is never sent back: the field starts empty.
          defaultValue: undefined,
        })}
        <div className={`field${errorOf("acceptRules") ? " field--invalid" : ""}`}>
          <label className="choice">
            <input
              type="checkbox"
              defaultChecked={kept.acceptRules === "on" || kept.acceptRules === "true"}
              {...register("acceptRules" as never)}
              aria-invalid={errorOf("acceptRules") ? true : undefined}
            />
            <span>
              {t("registration.fields.acceptRules.label")}{" "}
              <Link to={to("/gioi-thieu-giai-thuong")}>{t("account.readRules")}</Link>
            </span>
          </label>
          {errorOf("acceptRules") ? (
            <p className="field__error">{errorText(errorOf("acceptRules"))}</p>
          ) : null}
        </div>
        <p>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t("account.registering") : t("account.register")}
          </button>
        </p>
        <p>
          {t("account.haveAccount")} <Link to={to("/dang-nhap")}>{t("account.signIn")}</Link>
        </p>
      </form>
    </div>
  );
}
