import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { LibraryVideo } from "../../../core/library";
import type { ResponsiveImageData } from "../../../core/media-image";
import { ResponsiveImage } from "../../components/responsive-image";

const HOSTS = { youtube: "YouTube", vimeo: "Vimeo" } as const;

/** The player of a YouTube or Vimeo video, in its privacy-friendly form (no tracking cookies). */
function embedSrc(video: Extract<LibraryVideo, { kind: "youtube" | "vimeo" }>): string {
  const id = encodeURIComponent(video.id);
  return video.kind === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${id}?dnt=1&autoplay=1`;
}

/**
 * The entry's film. An uploaded file plays in the page's own `<video>` (the server answers byte
 * ranges, so it seeks without downloading all of it). A YouTube or Vimeo video is a button on
 * the entry's picture: nothing from those sites loads until the visitor presses it.
 */
export function EntryVideo({
  video,
  title,
  poster,
}: {
  video: LibraryVideo;
  title: string;
  poster: ResponsiveImageData | null;
}) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // The button that had focus is gone: focus goes to the player that replaced it.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  const label = t("library.entry.videoTitle", { title });
  if (video.kind === "file") {
    return (
      // Entrants upload their film as it was broadcast; there are no caption files to offer.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        className="entry-video"
        controls
        preload="metadata"
        poster={video.poster ?? undefined}
        aria-label={label}
      >
        <source src={video.src} type={video.mime} />
      </video>
    );
  }
  const host = HOSTS[video.kind];
  if (playing) {
    return (
      <div className="entry-video entry-video--embed">
        <iframe
          ref={frame}
          src={embedSrc(video)}
          title={label}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <div className="entry-video entry-video--embed">
      <button type="button" className="entry-video__play" onClick={() => setPlaying(true)}>
        {poster ? (
          <ResponsiveImage image={poster} alt="" sizes="(min-width: 48rem) 66vw, 100vw" />
        ) : null}
        <span className="entry-video__label">
          <span aria-hidden="true">▶ </span>
          {t("library.entry.playEmbed", { host })}
        </span>
      </button>
      <p className="entry-video__note">
        {t("library.entry.embedNote", { host })}{" "}
        <a href={video.url} target="_blank" rel="noopener noreferrer">
          {t("library.entry.watchOn", { host })}
        </a>
      </p>
    </div>
  );
}
