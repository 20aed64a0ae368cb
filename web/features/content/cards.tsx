import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { formatDate } from "../../../core/dates";
import { PATHS } from "../../../core/paths";
import { articleSegment } from "../../../core/slug";
import type { JuryMember, NewsSummary, Winner } from "../../../core/content";
import type { NullsDropped } from "../../lib/compact-data";
import { fallbackLang } from "../../lib/fallback-lang";
import { useLang, useLocalizedPath } from "../../lib/site";
import { ContentImage } from "./content-image";

/*
 * A card names only itself (`news-card`, `jury-card`, `winner-card`); cards.css reaches its
 * parts by element, since a grid repeats them and each class would be sent once per card.
 */

export function articlePath(article: { slug: string; id: number }): string {
  return `${PATHS.news}/${articleSegment(article.slug, article.id)}`;
}

/** How wide a card in a news/winners grid is drawn (three columns from 64rem). */
const CARD_SIZES = "(min-width: 64rem) 400px, (min-width: 40rem) 50vw, 100vw";

export function NewsCard({
  article,
  headingLevel = 2,
  priority = false,
}: {
  article: NewsSummary | NullsDropped<NewsSummary>;
  headingLevel?: 2 | 3;
  /** The first card of a list page: above the fold on phones, so loaded first (LCP). */
  priority?: boolean;
}) {
  const lang = useLang();
  const to = useLocalizedPath();
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <li className="news-card">
      <ContentImage
        image={article.coverImageData}
        src={article.coverImage ?? null}
        alt=""
        sizes={CARD_SIZES}
        width={400}
        height={225}
        priority={priority}
      />
      <div>
        <p>
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, lang)}</time>
        </p>
        <Heading>
          <Link to={to(articlePath(article))} {...fallbackLang(article.inVi, "title")}>
            {article.title}
          </Link>
        </Heading>
        <p {...fallbackLang(article.inVi, "summary")}>{article.summary}</p>
      </div>
    </li>
  );
}

/** A juror; `compact` (home highlights) leaves the bio out. */
export function JuryCard({
  member,
  headingLevel = 2,
  compact = false,
}: {
  /** Without its bio when compact. */
  member: JuryMember | NullsDropped<Omit<JuryMember, "bio">>;
  headingLevel?: 2 | 3;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <li className={`jury-card${member.isChair ? " jury-card--chair" : ""}`}>
      {/* Drawn at 160 CSS px (a media-library photo's srcset picks 2×). */}
      <ContentImage
        image={member.photoImage}
        src={member.photo ?? null}
        alt={t("jury.photoOf", { name: member.name })}
        sizes="160px"
        width={160}
        height={160}
      />
      <Heading>{member.name}</Heading>
      <p>
        <span className="badge">{member.isChair ? t("jury.chair") : t("jury.member")}</span>
      </p>
      {/* An organisation is a name: the line takes the language of the title beside it. */}
      <p {...fallbackLang(member.inVi, "title")}>
        {member.organisation ? `${member.title}, ${member.organisation}` : member.title}
      </p>
      {!compact && "bio" in member && member.bio ? (
        <p className="jury-card__bio" {...fallbackLang(member.inVi, "bio")}>
          {member.bio}
        </p>
      ) : null}
    </li>
  );
}

export function WinnerCard({
  winner,
  headingLevel = 2,
}: {
  /** Compact (home page): without its group and category code. */
  winner: Winner | NullsDropped<Omit<Winner, "group" | "categoryCode">>;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <li
      className="winner-card"
      data-category={"categoryCode" in winner ? (winner.categoryCode ?? "") : undefined}
    >
      <ContentImage
        image={winner.imageData}
        src={winner.image ?? null}
        alt=""
        sizes={CARD_SIZES}
        width={400}
        height={225}
      />
      <div>
        <p data-prize={winner.prize}>
          {t(`winners.prize.${winner.prize}`, { defaultValue: winner.prize })}
        </p>
        <Heading>
          {winner.entryId ? (
            <Link to={to(`${PATHS.entryDetail}/${encodeURIComponent(winner.entryId)}`)}>
              {winner.title}
            </Link>
          ) : (
            winner.title
          )}
        </Heading>
        <dl>
          <dt>{t("winners.category")}</dt>
          <dd {...fallbackLang(winner.inVi, "category")}>
            {"group" in winner && winner.group
              ? `${winner.group} – ${winner.category}`
              : winner.category}
          </dd>
          {winner.brand ? (
            <>
              <dt>{t("winners.brand")}</dt>
              <dd>{winner.brand}</dd>
            </>
          ) : null}
          {winner.agency ? (
            <>
              <dt>{t("winners.agency")}</dt>
              <dd>{winner.agency}</dd>
            </>
          ) : null}
        </dl>
        {winner.videoUrl ? (
          <a href={winner.videoUrl} rel="noopener noreferrer nofollow">
            {t("winners.video")}
          </a>
        ) : null}
      </div>
    </li>
  );
}
