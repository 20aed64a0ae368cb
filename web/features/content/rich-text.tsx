import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { Block, ImageBlock, Inline } from "../../../core/rich-text";
import { parseVideoLink } from "../../../core/video-link";

/**
 * Renders sanitised rich-text blocks (core/rich-text.ts) as React elements: text is always
 * text, links only the allow-listed targets, images only same-site addresses, videos only
 * YouTube/Vimeo (privacy-friendly player, loaded on click); no HTML string is ever injected.
 */
export function RichText({
  blocks,
  headingLevel = 2,
  lang,
}: {
  blocks: Block[];
  headingLevel?: 2 | 3;
  /** The body's language when it is not the page's (fallback-lang.ts). */
  lang?: string;
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  const SubHeading = `h${headingLevel + 1}` as "h3" | "h4";
  return (
    <div className="rich-text" lang={lang}>
      {blocks.map((block, i) => {
        switch (block.type) {
          case "heading":
            return block.level === 3 ? (
              <SubHeading key={i}>{block.text}</SubHeading>
            ) : (
              <Heading key={i}>{block.text}</Heading>
            );
          case "quote":
            return <blockquote key={i}>{block.text}</blockquote>;
          case "paragraph":
            return (
              <p key={i}>
                <Inlines items={block.children} />
              </p>
            );
          case "list": {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>
                    <Inlines items={item} />
                  </li>
                ))}
              </List>
            );
          }
          case "image":
            return <RichImage key={i} image={block} />;
          case "video":
            return <RichVideo key={i} url={block.url} />;
        }
      })}
    </div>
  );
}

function RichImage({ image }: { image: ImageBlock }) {
  return (
    <figure className="rich-text__figure">
      <img
        src={image.src}
        alt={image.alt}
        {...(image.srcset
          ? { srcSet: image.srcset, sizes: "(max-width: 800px) 100vw, 760px" }
          : {})}
        {...(image.width && image.height ? { width: image.width, height: image.height } : {})}
        loading="lazy"
        decoding="async"
      />
    </figure>
  );
}

/** A video that loads the provider's player only when asked (no third-party request before). */
function RichVideo({ url }: { url: string }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const video = parseVideoLink(url);
  if (!video) return null;
  const provider = video.provider === "youtube" ? "YouTube" : "Vimeo";
  return (
    <figure className="rich-text__video">
      {playing ? (
        <iframe
          src={`${video.embedUrl}${video.embedUrl.includes("?") ? "&" : "?"}autoplay=1`}
          title={t("richText.videoTitle", { provider })}
          allow="autoplay; fullscreen; picture-in-picture"
          loading="lazy"
        />
      ) : (
        <div className="rich-text__video-poster">
          <button type="button" className="button button--primary" onClick={() => setPlaying(true)}>
            {t("richText.playVideo", { provider })}
          </button>
          <a href={video.canonicalUrl} rel="noopener noreferrer nofollow">
            {t("richText.openVideo", { provider })}
          </a>
        </div>
      )}
    </figure>
  );
}

function Inlines({ items }: { items: Inline[] }) {
  return (
    <>
      {items.map((item, i) => {
        if (item.type === "link") {
          const external = !item.href.startsWith("/");
          return (
            <a
              key={i}
              href={item.href}
              {...(external ? { rel: "noopener noreferrer nofollow" } : {})}
            >
              {item.text}
            </a>
          );
        }
        let node = <>{item.text}</>;
        if (item.italic) node = <em>{node}</em>;
        if (item.bold) node = <strong>{node}</strong>;
        return item.bold || item.italic ? (
          <span key={i}>{node}</span>
        ) : (
          <span key={i}>{item.text}</span>
        );
      })}
    </>
  );
}
