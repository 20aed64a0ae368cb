import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { pickLang, type Lang } from "../../../core/languages";
import type { LibraryCard } from "../../../core/library";
import { ResponsiveImage } from "../../components/responsive-image";
import { pickedLang } from "../../lib/fallback-lang";
import { entryPath } from "./paths";

/** One entry in the library grid: its first image, title, brand, code, category, year, prize. */
export function LibraryEntryCard({
  entry,
  lang,
  priority = false,
}: {
  entry: LibraryCard;
  lang: Lang;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li className="library-card" data-code={entry.code}>
      <div className="library-card__media">
        {entry.image ? (
          <ResponsiveImage
            image={entry.image}
            alt=""
            className="library-card__image"
            sizes="(min-width: 80rem) 300px, (min-width: 48rem) 33vw, (min-width: 36rem) 50vw, 100vw"
            priority={priority}
          />
        ) : (
          <span className="library-card__image library-card__image--none" />
        )}
        {entry.hasVideo ? (
          <span className="library-card__video">
            <span aria-hidden="true">▶ </span>
            {t("library.list.card.video")}
          </span>
        ) : null}
      </div>
      <div className="library-card__body">
        {entry.prize ? (
          <p className={`prize-badge prize-badge--${entry.prize}`}>
            {t(`winners.prize.${entry.prize}`)}
          </p>
        ) : null}
        <h3 className="library-card__title">
          <Link to={entryPath(entry.id, lang)} className="library-card__link">
            {entry.title}
          </Link>
        </h3>
        <p className="library-card__brand">{entry.brand}</p>
        <p className="library-card__meta">
          <span {...pickedLang(entry.category, lang)}>{pickLang(entry.category, lang)}</span>
          <span>{entry.year}</span>
          <span className="library-card__code">
            {t("library.list.card.code", { code: entry.code })}
          </span>
        </p>
      </div>
    </li>
  );
}
