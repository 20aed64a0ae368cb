import type { ResponsiveImageData } from "../../../core/media-image";
import { ResponsiveImage } from "../../components/responsive-image";

/**
 * A content picture (a card's image, a juror's photo, an article's cover): from the media
 * library with its responsive variants, else an older stored path as a plain `<img>` of the
 * given size, else nothing.
 */
export function ContentImage({
  image,
  src,
  className,
  alt,
  sizes,
  width,
  height,
  priority = false,
}: {
  image: ResponsiveImageData | null | undefined;
  src: string | null;
  className?: string;
  alt: string;
  /** How wide the picture is drawn (media-library pictures choose their variant by it). */
  sizes: string;
  /** The size of an older picture, which keeps the layout still while it loads. */
  width: number;
  height: number;
  /** Above the fold (the page's main picture): loaded first. */
  priority?: boolean;
}) {
  if (image) return <ResponsiveImage {...{ image, className, alt, sizes, priority }} />;
  if (!src) return null;
  const loading = priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const };
  return <img {...{ className, src, alt, width, height }} decoding="async" {...loading} />;
}
