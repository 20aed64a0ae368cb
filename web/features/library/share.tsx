import { useTranslation } from "../../i18n/use-translation";
import { ToastRegion, useToasts } from "../../components/toast";

/**
 * Sharing an entry: plain links to each network's own share page (no scripts of theirs on
 * ours) and a copy button whose result is told in a toast, a live region.
 */
export function EntryShare({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const { toasts, show, dismiss } = useToasts();
  const u = encodeURIComponent(url);
  const links = [
    { key: "facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: "linkedin", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    {
      key: "x",
      href: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}`,
    },
    { key: "zalo", href: `https://sp.zalo.me/share?url=${u}` },
  ] as const;
  return (
    <section className="entry-share" aria-labelledby="entry-share-heading">
      <h2 id="entry-share-heading">{t("library.entry.share.heading")}</h2>
      <ul className="entry-share__list">
        {links.map((link) => (
          <li key={link.key}>
            <a
              className="button button--secondary"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t(`library.entry.share.${link.key}`)}
            </a>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              const copy = navigator.clipboard?.writeText(url);
              if (!copy) show(t("library.entry.share.copyFailed"), "error");
              else
                copy.then(
                  () => show(t("library.entry.share.copied")),
                  () => show(t("library.entry.share.copyFailed"), "error"),
                );
            }}
          >
            {t("library.entry.share.copy")}
          </button>
        </li>
      </ul>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </section>
  );
}
