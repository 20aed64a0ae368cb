import type { ResponsiveImageData } from "../../core/media-image";

export interface ResponsiveImageProps {
  /** From `context.services.media.resolve(…)` / `resolveMany(…)` in the loader. */
  image: ResponsiveImageData;
  /** Overrides the image's own alt text; "" marks a decorative image. */
  alt?: string;
  /** How wide the image is drawn, e.g. "(min-width: 64rem) 33vw, 100vw". */
  sizes?: string;
  className?: string | undefined;
  /** The page's main picture (above the fold): loaded eagerly with high priority. */
  priority?: boolean;
  /** Width and height for a legacy image whose size is not known (keeps the layout still). */
  width?: number;
  height?: number;
}

/**
 * An uploaded image as `<picture>`: AVIF, then WebP, then the JPEG/PNG fallback, each with a
 * `srcset` of widths, and the intrinsic `width`/`height` so nothing shifts while it loads. A
 * legacy path (no variants) is a plain `<img>`.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  className,
  priority = false,
  width,
  height,
}: ResponsiveImageProps) {
  const w = image.width ?? width;
  const h = image.height ?? height;
  const resolvedSizes =
    sizes ?? image.sizes ?? (w ? `(min-width: ${w}px) ${w}px, 100vw` : undefined);
  const img = (
    <img
      src={image.src}
      srcSet={image.srcset?.fallback || undefined}
      sizes={image.srcset ? resolvedSizes : undefined}
      width={w ?? undefined}
      height={h ?? undefined}
      alt={alt ?? image.alt ?? ""}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      {...(priority ? { fetchPriority: "high" as const } : {})}
    />
  );
  if (!image.srcset) return img;
  return (
    <picture>
      {image.srcset.avif && (
        <source type="image/avif" srcSet={image.srcset.avif} sizes={resolvedSizes} />
      )}
      {image.srcset.webp && (
        <source type="image/webp" srcSet={image.srcset.webp} sizes={resolvedSizes} />
      )}
      {img}
    </picture>
  );
}
