import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";

/** Facebook, LinkedIn and copy-link sharing for an absolute URL (plain links work without JS). */
export function ShareLinks({ url }: { url: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const encoded = encodeURIComponent(url);
  return (
    <section className="share-links" aria-labelledby="share-heading">
      <h2 id="share-heading" className="share-links__heading">
        {t("content.share.heading")}
      </h2>
      <ul className="share-links__list">
        <li>
          <a
            className="button button--secondary"
            href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("content.share.facebook")}
          </a>
        </li>
        <li>
          <a
            className="button button--secondary"
            href={`https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("content.share.linkedin")}
          </a>
        </li>
        <li>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {t("content.share.copy")}
          </button>
        </li>
      </ul>
      <p className="share-links__status" role="status">
        {copied ? t("content.share.copied") : ""}
      </p>
    </section>
  );
}
