import { safeImageSrc, safeSrcset } from "../../../core/rich-text";

/**
 * What a paste brings in the way of pictures. Image files (a screenshot, "Copy image") are
 * uploaded to the media library like the image button's; pictures inside pasted HTML live on
 * another site (or in a `data:` address) that a stored body may not point to, so they are taken
 * out before the paste is parsed, and the editor is told — except this site's own images, kept
 * by their path.
 */

/**
 * The image files of a paste, in order — none when the paste also holds HTML with text: office
 * programs put a picture of the copied text beside the text itself, and the text is meant.
 */
export function pastedImageFiles(data: DataTransfer | null | undefined): File[] {
  const files = [...(data?.files ?? [])].filter((file) => file.type.startsWith("image/"));
  if (files.length === 0) return files;
  const html = data?.getData("text/html") ?? "";
  const text = html ? new DOMParser().parseFromString(html, "text/html").body.textContent : "";
  return (text ?? "").trim() === "" ? files : [];
}

/**
 * Pasted HTML without the pictures a body cannot keep, and how many were taken out. An image of
 * this site (`origin`), which the clipboard names by its full address, keeps its path instead.
 */
export function withoutForeignImages(
  html: string,
  origin: string,
): { html: string; dropped: number } {
  if (!/<img[\s>/]/i.test(html)) return { html, dropped: 0 };
  const doc = new DOMParser().parseFromString(html, "text/html");
  let dropped = 0;
  for (const img of [...doc.querySelectorAll("img")]) {
    const own = ownPath(img.getAttribute("src") ?? "", origin);
    if (!own) {
      img.remove();
      dropped++;
      continue;
    }
    img.setAttribute("src", own);
    const srcset = img.getAttribute("srcset");
    const ownSrcset = srcset
      ? safeSrcset(
          srcset
            .split(",")
            .map((candidate) => {
              const [url = "", ...rest] = candidate.trim().split(/\s+/);
              return [ownPath(url, origin) ?? url, ...rest].join(" ");
            })
            .join(", "),
        )
      : null;
    if (ownSrcset) img.setAttribute("srcset", ownSrcset);
    else img.removeAttribute("srcset");
  }
  return { html: doc.body.innerHTML, dropped };
}

/** The same-site path of an image address of this site, else null. */
function ownPath(src: string, origin: string): string | null {
  const direct = safeImageSrc(src);
  if (direct) return direct;
  try {
    const url = new URL(src);
    return url.origin === origin && !url.search ? safeImageSrc(url.pathname) : null;
  } catch {
    return null;
  }
}
