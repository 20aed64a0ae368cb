import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Modal } from "../../components/modal";
import type { UploadedImage } from "./media-upload";

/** One image of `GET /api/media` (the media service's `MediaImage`, as JSON). */
interface LibraryImage {
  id: number;
  src: string;
  width: number;
  height: number;
  alt: string | null;
  purpose: string;
  createdAt: string;
  srcset: { avif: string; webp: string; fallback: string };
}

interface LibraryPage {
  items: LibraryImage[];
  page: number;
  pageCount: number;
  total: number;
}

/** The first (smallest) address of a `srcset`, for a thumbnail. */
export function smallestOf(srcset: string, fallback: string): string {
  return srcset.split(",")[0]?.trim().split(/\s+/)[0] || fallback;
}

/** What the editor inserts for a library image (as an upload would give it). */
export function toUploadedImage(image: LibraryImage): UploadedImage & { alt: string } {
  return {
    id: image.id,
    src: image.src,
    srcset: image.srcset.webp || image.srcset.fallback || null,
    width: image.width,
    height: image.height,
    alt: image.alt ?? "",
  };
}

/**
 * "Choose from library": the public images already uploaded (newest first, 24 a page), as a
 * grid of buttons in a modal dialog — Tab moves between them, Enter/Space picks one, Esc closes.
 */
export function MediaLibraryDialog({
  open,
  onClose,
  onChoose,
  purpose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (image: UploadedImage & { alt: string }) => void;
  purpose?: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<LibraryPage | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const grid = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setState("loading");
    const query = new URLSearchParams({ page: String(page) });
    if (purpose) query.set("purpose", purpose);
    fetch(`/api/media?${query}`, { credentials: "same-origin", signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        setData((await response.json()) as LibraryPage);
        setState("ready");
      })
      .catch(() => {
        if (!controller.signal.aborted) setState("error");
      });
    return () => controller.abort();
  }, [open, page, purpose]);

  useEffect(() => {
    if (!open) setPage(1);
  }, [open]);

  // After a page change, focus the first picture so keyboard users continue from there.
  const movedPage = useRef(false);
  useEffect(() => {
    if (state === "ready" && movedPage.current) {
      movedPage.current = false;
      grid.current?.querySelector("button")?.focus();
    }
  }, [state, data]);

  const go = (next: number) => {
    movedPage.current = true;
    setPage(next);
  };

  const items = data?.items ?? [];
  return (
    <Modal open={open} onClose={onClose} title={t("mediaLibrary.title")} size="large">
      <p className="media-library__status" role="status" aria-live="polite">
        {state === "loading"
          ? t("mediaLibrary.loading")
          : state === "error"
            ? t("mediaLibrary.failed")
            : items.length === 0
              ? t("mediaLibrary.empty")
              : t("mediaLibrary.count", {
                  count: data?.total ?? 0,
                  page: data?.page ?? 1,
                  pages: data?.pageCount ?? 1,
                })}
      </p>
      {items.length > 0 ? (
        <ul className="media-library__grid" ref={grid} aria-busy={state === "loading"}>
          {items.map((image, index) => {
            const name = image.alt?.trim() || t("mediaLibrary.untitled", { n: index + 1 });
            return (
              <li key={image.id}>
                <button
                  type="button"
                  className="media-library__item"
                  onClick={() => onChoose(toUploadedImage(image))}
                  aria-label={t("mediaLibrary.choose", {
                    name,
                    width: image.width,
                    height: image.height,
                  })}
                >
                  <img
                    src={smallestOf(image.srcset.webp || image.srcset.fallback, image.src)}
                    alt=""
                    width={image.width}
                    height={image.height}
                    loading="lazy"
                    decoding="async"
                  />
                  <span className="media-library__caption" aria-hidden="true">
                    {name}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {data && data.pageCount > 1 ? (
        <nav className="media-library__paging" aria-label={t("mediaLibrary.paging")}>
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1 || state === "loading"}
            onClick={() => go(page - 1)}
          >
            {t("mediaLibrary.previous")}
          </button>
          <span>{t("mediaLibrary.pageOf", { page: data.page, pages: data.pageCount })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= data.pageCount || state === "loading"}
            onClick={() => go(page + 1)}
          >
            {t("mediaLibrary.next")}
          </button>
        </nav>
      ) : null}
    </Modal>
  );
}
