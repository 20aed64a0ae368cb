import type { Lang } from "../../../core/languages";
import { useTranslation } from "../../i18n/use-translation";
import { auditDetails } from "./audit-details";
import "./audit-summary.css";

/**
 * An audit entry's details as the log shows them: each field by its label, each change as
 * "before → after" (read out as "before, changed to, after"); "—" when it has none.
 */
export function AuditDetailList({
  action,
  summary,
  lang,
}: {
  action: string;
  summary: unknown;
  lang: Lang;
}) {
  const translation = useTranslation();
  const { t } = translation;
  const details = auditDetails(translation, lang, action, summary);
  if (details.length === 0) return "—";
  return (
    <dl className="audit-summary__pairs">
      {details.map((detail, i) => (
        <div key={`${detail.key}-${i}`}>
          <dt>{detail.label}</dt>
          <dd>
            {detail.change ? (
              <>
                {detail.change.before} <span aria-hidden="true">→</span>
                <span className="visually-hidden"> {t("adminPlatform.audit.changedTo")}</span>{" "}
                {detail.change.after}
              </>
            ) : (
              detail.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
