import { useTranslation } from "../../i18n/use-translation";
import { formatPhoneForDisplay } from "../../../core/phone";
import type { RegistrantType } from "../../../core/registration";
import { StatusBadge } from "./status-badge";

/** What staff are shown of who a registrant is, wherever a registrant appears. */
export interface RegistrantIdentity {
  type: RegistrantType;
  fullName: string;
  companyName: string | null;
  taxCode: string | null;
  businessRegistrationNumber: string | null;
  /** An individual's ID number, where the page has it. */
  personalId?: string | null;
  email: string;
  emailVerified: boolean;
  phone: string;
  address: string;
}

/**
 * The registrant's type, name (a company's with its representative, tax code and registration
 * number), email, phone and address as `dt`/`dd` pairs, inside the caller's `dl`.
 * `verification` puts the email-confirmed badge beside the email address.
 */
export function RegistrantIdentityFacts({
  registrant: r,
  verification = false,
}: {
  registrant: RegistrantIdentity;
  verification?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t("registrantsAdmin.columns.type")}</dt>
      <dd>{t(`registration.fields.type.${r.type}`)}</dd>
      {r.type === "enterprise" ? (
        <>
          <dt>{t("registration.fields.companyName.label")}</dt>
          <dd>{r.companyName ?? "—"}</dd>
          <dt>{t("registration.fields.representativeName.label")}</dt>
          <dd>{r.fullName}</dd>
          <dt>{t("registration.fields.taxCode.label")}</dt>
          <dd>{r.taxCode ?? "—"}</dd>
          <dt>{t("registration.fields.businessRegistrationNumber.label")}</dt>
          <dd>{r.businessRegistrationNumber ?? "—"}</dd>
        </>
      ) : (
        <>
          <dt>{t("registration.fields.fullName.label")}</dt>
          <dd>{r.fullName}</dd>
          {r.personalId !== undefined ? (
            <>
              <dt>{t("registrantsAdmin.detail.personalId")}</dt>
              <dd>{r.personalId ?? "—"}</dd>
            </>
          ) : null}
        </>
      )}
      <dt>{t("registration.fields.email.label")}</dt>
      <dd>
        <a href={`mailto:${r.email}`}>{r.email}</a>
        {verification ? (
          <>
            {" "}
            <EmailVerifiedBadge verified={r.emailVerified} />
          </>
        ) : null}
      </dd>
      <dt>{t("registration.fields.phone.label")}</dt>
      <dd>
        <a href={`tel:${r.phone}`}>{formatPhoneForDisplay(r.phone)}</a>
      </dd>
      <dt>{t("registration.fields.address.label")}</dt>
      <dd>{r.address}</dd>
    </>
  );
}

/** Whether the registrant has confirmed their email address. */
export function EmailVerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={verified ? "success" : "warning"}>
      {t(
        verified
          ? "registrantsAdmin.detail.emailVerified"
          : "registrantsAdmin.detail.emailNotVerified",
      )}
    </StatusBadge>
  );
}
