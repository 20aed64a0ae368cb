import { redirect, useActionData } from "react-router";
import { localizePath } from "../../core/languages";
import { registrationSchema } from "../../core/registration";
import { licenceUpload, readLicenceForm } from "../lib/licence-form.server";
import {
  RegistrationClosed,
  RegistrationForm,
  RegistrationSent,
} from "../features/registration/registration-form";
import { fieldRefusal } from "../../core/refusal";
import { formValues, invalidForm, refusalResponse } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { currentUser, requestMeta } from "../lib/session.server";
import type { Route } from "./+types/registration";
import { keepFormWhenUnanswered } from "../lib/unanswered-form";

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
  const season = await context.services.seasons.current();
  const registration = season?.registration ?? null;
  return {
    sent: new URL(request.url).searchParams.get("sent") === "1",
    // Outside the season's registration window the page says when it opens or closed.
    closed:
      season && registration && registration.state !== "open"
        ? registration.state === "not_yet_open"
          ? { state: registration.state, at: registration.opensAt, year: season.year }
          : { state: registration.state, at: registration.closedAt, year: season.year }
        : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const meta = requestMeta(request, context);
  const { files, identity } = context.services;

  let read: Awaited<ReturnType<typeof readLicenceForm>>;
  try {
    read = await readLicenceForm(request);
  } catch {
    return refusalResponse(fieldRefusal({ licenceFileId: "validation.licenceTooLarge" }, 413), {});
  }
  const { form, licence } = read;
  const licenceTooLarge = licence !== null && licence.bytes === null;

  const values = formValues(form, ["password"]);
  const input: Record<string, unknown> = { ...values, password: form.get("password") ?? "" };
  input.acceptRules = form.get("acceptRules") === "on" || form.get("acceptRules") === "true";
  input.lang = meta.lang;

  // The licence: a new upload is kept in memory until the form and the limits have passed
  // (the identity service stores it then); an earlier stored one is reused.
  if (licenceTooLarge && values.type === "enterprise") {
    const { licenceFileId: _dropped, licenceName: _name, ...typed } = values;
    return refusalResponse(
      fieldRefusal({ licenceFileId: "validation.licenceTooLarge" }, 413),
      typed,
    );
  }
  const upload =
    values.type === "enterprise" && licence?.bytes && licence.bytes.byteLength > 0
      ? { name: licence.name, bytes: licence.bytes }
      : null;
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
  if (!parsed.success) return refusalResponse(invalidForm(parsed.error), kept);
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
      licence: upload ? licenceUpload(upload.bytes) : null,
    },
    meta,
  );
  if (!outcome.ok) {
    return refusalResponse(outcome, kept);
  }
  // The same answer whether the address was new or already had an account (its owner was
  // told by email): check your inbox.
  throw redirect(localizePath("/dang-ky-du-thi?sent=1", meta.lang));
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function RegistrationPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  if (loaderData?.sent) return <RegistrationSent />;
  if (loaderData?.closed) return <RegistrationClosed {...loaderData.closed} />;
  return <RegistrationForm failure={actionData && !actionData.ok ? actionData : undefined} />;
}
