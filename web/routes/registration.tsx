import { zodResolver } from "@hookform/resolvers/zod";
import { parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, redirect, useActionData, useNavigation } from "react-router";
import { localizePath } from "../../core/languages";
import {
  REGISTRANT_FIELD_MAX_LENGTH as MAX,
  registrationSchema,
  type RegistrationInput,
} from "../../core/registration";
import {
  acceptAttribute,
  LICENCE_FILE_RULES,
  licenceFileProblemMessage,
} from "../../core/upload-rules";
import { FormAlert, TextField, useErrorText } from "../components/form/field";
import { useHydrated, useLiveFormValues } from "../hydration/form-state";
import { SectionHeading } from "../components/section-heading";
import { fieldErrorsOf, formValues, refuse } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { currentUser, requestMeta } from "../lib/session.server";
import { useLocalizedPath } from "../lib/site";
import { useServerErrors, useValidatedSubmit } from "../lib/use-server-form";
import type { Route } from "./+types/registration";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { titleKey: "sections.registration" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser(request, context);
  if (user)
    throw redirect(
      localizePath(
        user.role === "entrant" ? "/tai-khoan" : "/quan-tri",
        requestMeta(request, context).lang,
      ),
    );
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const meta = requestMeta(request, context);
  const { files, identity } = context.services;

  let form: FormData;
  try {
    form = await parseFormData(
      request,
      { maxFiles: 1, maxFileSize: LICENCE_FILE_RULES.maxBytes, maxHeaderSize: 8 * 1024 },
      async (upload: FileUpload) => {
        if (upload.fieldName !== "licence" || !upload.name) return undefined;
        return new File([await upload.arrayBuffer()], upload.name, { type: upload.type });
      },
    );
  } catch {
    return refuse(413, {
      values: {},
      fieldErrors: { licenceFileId: "validation.licenceTooLarge" },
    });
  }

  const values = formValues(form, ["password"]);
  const input: Record<string, unknown> = { ...values, password: form.get("password") ?? "" };
  input.acceptRules = form.get("acceptRules") === "on" || form.get("acceptRules") === "true";
  input.lang = meta.lang;

  // The licence: a new upload is kept in memory until the form and the limits have passed
  // (the identity service stores it then); an earlier stored one is reused.
  const licence = form.get("licence");
  const upload =
    values.type === "enterprise" && licence instanceof File && licence.size > 0 ? licence : null;
  let licenceName = values.licenceName ?? "";
  let earlierLicence: string | null = null;
  if (upload) {
    input.licenceFileId = "selected";
    licenceName = upload.name;
  } else if (values.type === "enterprise" && values.licenceFileId) {
    const earlier = await files.find(values.licenceFileId);
    if (!earlier || earlier.owner_user_id !== null || earlier.purpose !== "licence")
      input.licenceFileId = "";
    else earlierLicence = earlier.id;
  }
  // A refused form asks for the file again unless an earlier stored one is being reused.
  const kept = {
    ...values,
    licenceFileId: earlierLicence ?? "",
    licenceName: earlierLicence ? licenceName : "",
  };

  const parsed = registrationSchema.safeParse(input);
  if (!parsed.success)
    return refuse(400, { values: kept, fieldErrors: fieldErrorsOf(parsed.error) });
  const registration = parsed.data;
  const outcome = await identity.register(
    {
      email: registration.email,
      password: registration.password,
      profile:
        registration.type === "individual"
          ? {
              type: "individual",
              fullName: registration.fullName,
              phone: registration.phone,
              address: registration.address,
              personalId: registration.personalId ?? null,
              companyName: null,
              businessRegistrationNumber: null,
              taxCode: null,
              licenceFileId: null,
            }
          : {
              type: "enterprise",
              fullName: registration.representativeName,
              phone: registration.phone,
              address: registration.address,
              personalId: null,
              companyName: registration.companyName,
              businessRegistrationNumber: registration.businessRegistrationNumber,
              taxCode: registration.taxCode,
              licenceFileId: earlierLicence,
            },
      licence: upload
        ? {
            data: new Uint8Array(await upload.arrayBuffer()),
            allowedMimes: LICENCE_FILE_RULES.mimeTypes,
            maxBytes: LICENCE_FILE_RULES.maxBytes,
          }
        : null,
    },
    meta,
  );
  if (!outcome.ok) {
    return refuse(outcome.status, {
      values: kept,
      fieldErrors: outcome.fieldErrors ?? {},
      formError: outcome.formError,
      ...(outcome.retryAfterSeconds
        ? { retryAfterMinutes: Math.ceil(outcome.retryAfterSeconds / 60) }
        : {}),
    });
  }
  // The same answer whether the address was new or already had an account (its owner was
  // told by email): check your inbox.
  throw redirect(localizePath("/dang-ky-du-thi?sent=1", meta.lang));
}

const REGISTRATION_FORM_ID = "registration-form";

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

export default function RegistrationPage({ loaderData }: Route.ComponentProps) {
  return loaderData?.sent ? <RegistrationSent /> : <RegistrationForm />;
}

/** After registering (or trying an address that has an account): the email is the next step. */
function RegistrationSent() {
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

function RegistrationForm() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const errorText = useErrorText();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const [licenceName, setLicenceName] = useState(failure?.values.licenceName ?? "");

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
    mode: "onTouched",
  });
  const validatedSubmit = useValidatedSubmit(form, {
    method: "post",
    encType: "multipart/form-data",
  });
  useServerErrors(form, failure?.fieldErrors);
  const { register, formState, watch, setValue } = form;
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
      form.setError("licenceFileId" as never, { type: "client", message: problem });
      return;
    }
    setLicenceName(file.name);
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
  const field = (name: string) =>
    errors[name] ??
    (failure?.fieldErrors[name] ? { message: failure.fieldErrors[name] } : undefined);

  return (
    <div className="container page">
      <SectionHeading level={1} title={t("sections.registration")} />
      <p className="lead">{t("account.registerLead")}</p>
      <form
        {...validatedSubmit}
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
          <label>
            <input
              type="radio"
              value="individual"
              defaultChecked={kept.type !== "enterprise"}
              {...register("type")}
            />
            {t("registration.fields.type.individual")}
          </label>
          <label>
            <input
              type="radio"
              value="enterprise"
              defaultChecked={kept.type === "enterprise"}
              {...register("type")}
            />
            {t("registration.fields.type.enterprise")}
          </label>
        </fieldset>

        {type === "enterprise" ? (
          <div className="form__grid">
            <TextField
              label={t("registration.fields.companyName.label")}
              required
              maxLength={MAX.companyName}
              autoComplete="organization"
              defaultValue={kept.companyName}
              registration={register("companyName" as never)}
              error={field("companyName") as never}
            />
            <TextField
              label={t("registration.fields.businessRegistrationNumber.label")}
              required
              inputMode="numeric"
              defaultValue={kept.businessRegistrationNumber}
              registration={register("businessRegistrationNumber" as never)}
              error={field("businessRegistrationNumber") as never}
            />
            <TextField
              label={t("registration.fields.taxCode.label")}
              required
              inputMode="numeric"
              hint={t("registration.fields.taxCode.hint")}
              defaultValue={kept.taxCode}
              registration={register("taxCode" as never)}
              error={field("taxCode") as never}
            />
            <TextField
              label={t("registration.fields.representativeName.label")}
              required
              maxLength={MAX.representativeName}
              autoComplete="name"
              defaultValue={kept.representativeName}
              registration={register("representativeName" as never)}
              error={field("representativeName") as never}
            />
          </div>
        ) : (
          <div className="form__grid">
            <TextField
              label={t("registration.fields.fullName.label")}
              required
              maxLength={MAX.fullName}
              autoComplete="name"
              defaultValue={kept.fullName}
              registration={register("fullName" as never)}
              error={field("fullName") as never}
            />
            <TextField
              label={t("registration.fields.personalId.label")}
              inputMode="numeric"
              hint={t("registration.fields.personalId.hint")}
              defaultValue={kept.personalId}
              registration={register("personalId" as never)}
              error={field("personalId") as never}
            />
          </div>
        )}
        <div className="form__grid">
          <TextField
            label={t("registration.fields.phone.label")}
            required
            type="tel"
            autoComplete="tel"
            hint={t("registration.fields.phone.hint")}
            defaultValue={kept.phone}
            registration={register("phone")}
            error={field("phone") as never}
          />
          <TextField
            label={t("registration.fields.email.label")}
            required
            type="email"
            autoComplete="email"
            maxLength={MAX.email}
            defaultValue={kept.email}
            registration={register("email")}
            error={field("email") as never}
          />
        </div>
        <TextField
          label={t("registration.fields.address.label")}
          required
          maxLength={MAX.address}
          autoComplete="street-address"
          defaultValue={kept.address}
          registration={register("address")}
          error={field("address") as never}
        />

        {type === "enterprise" ? (
          <div className={`field${field("licenceFileId") ? " field--invalid" : ""}`}>
            <label htmlFor="licence" className="field__label">
              {t("registration.fields.licenceFile.label")} <span aria-hidden="true">*</span>
            </label>
            <p id="licence-hint" className="field__hint">
              {licenceName
                ? t("account.licenceKept", { name: licenceName })
                : t("registration.fields.licenceFile.hint")}
            </p>
            <input
              id="licence"
              name="licence"
              type="file"
              accept={acceptAttribute(LICENCE_FILE_RULES)}
              className="field__input"
              aria-describedby={`licence-hint${field("licenceFileId") ? " licence-error" : ""}`}
              aria-invalid={field("licenceFileId") ? true : undefined}
              onChange={(event) => chooseLicence(event.target)}
            />
            <input
              type="hidden"
              defaultValue={kept.licenceFileId}
              {...register("licenceFileId" as never)}
            />
            <input type="hidden" name="licenceName" value={licenceName} />
            {field("licenceFileId") ? (
              <p id="licence-error" className="field__error">
                {errorText(field("licenceFileId") as never)}
              </p>
            ) : null}
          </div>
        ) : null}

        <TextField
          label={t("registration.fields.password.label")}
          required
          type="password"
          autoComplete="new-password"
          hint={t("registration.fields.password.hint")}
          registration={register("password")}
          error={field("password") as never}
        />
        <div className={`field${field("acceptRules") ? " field--invalid" : ""}`}>
          <label className="choice">
            <input
              type="checkbox"
              defaultChecked={kept.acceptRules === "on" || kept.acceptRules === "true"}
              {...register("acceptRules" as never)}
              aria-invalid={field("acceptRules") ? true : undefined}
            />
            <span>
              {t("registration.fields.acceptRules.label")}{" "}
              <Link to={to("/gioi-thieu-giai-thuong")}>{t("account.readRules")}</Link>
            </span>
          </label>
          {field("acceptRules") ? (
            <p className="field__error">{errorText(field("acceptRules") as never)}</p>
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
