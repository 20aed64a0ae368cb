import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { ResponsiveImageData } from "../../../core/media-image";
import { Modal } from "../../components/modal";
import { ResponsiveImage } from "../../components/responsive-image";

/**
 * The entry's images as a grid of buttons; each opens a lightbox (a labelled modal dialog:
 * focus moves in, Esc closes and focus returns to the image that opened it; the arrow keys
 * or the buttons go to the previous and next image). Without JavaScript the images still show.
 */
export function EntryGallery({ images, title }: { images: ResponsiveImageData[]; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const total = images.length;
  const step = (by: number) => setOpen((n) => (n === null ? n : (n + by + total) % total));

  useEffect(() => {
    if (open === null || total < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft") step(-1);
      else if (event.key === "ArrowRight") step(1);
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
    // `step` only reads `total`, which is a dependency already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open === null, total]);

  const alt = (i: number) => t("library.entry.imageAlt", { n: i + 1, total, title });
  const shown = open === null ? undefined : images[open];
  return (
    <>
      <ul className={total === 1 ? "entry-gallery entry-gallery--single" : "entry-gallery"}>
        {images.map((image, i) => (
          <li key={image.src}>
            <button
              type="button"
              className="entry-gallery__open"
              aria-label={t("library.entry.openImage", { n: i + 1, total })}
              onClick={() => setOpen(i)}
            >
              <ResponsiveImage
                image={image}
                alt={alt(i)}
                className="entry-gallery__image"
                sizes={
                  i === 0 || total === 1
                    ? "(min-width: 80rem) 800px, (min-width: 48rem) 66vw, 100vw"
                    : "(min-width: 80rem) 260px, (min-width: 48rem) 22vw, 50vw"
                }
                priority={i === 0}
              />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={shown !== undefined}
        onClose={() => setOpen(null)}
        title={open === null ? "" : t("library.entry.lightboxTitle", { n: open + 1, total })}
        size="large"
      >
        {shown && open !== null ? (
          <figure className="lightbox">
            <ResponsiveImage
              image={shown}
              alt={alt(open)}
              sizes="90vw"
              className="lightbox__image"
            />
            {total > 1 ? (
              <figcaption className="lightbox__nav">
                <button type="button" className="button button--secondary" onClick={() => step(-1)}>
                  {t("library.entry.previousImage")}
                </button>
                <button type="button" className="button button--secondary" onClick={() => step(1)}>
                  {t("library.entry.nextImage")}
                </button>
              </figcaption>
            ) : null}
          </figure>
        ) : null}
      </Modal>
    </>
  );
}
