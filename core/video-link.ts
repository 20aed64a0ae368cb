/**
 * Video links of an entry (seed §5 "a video link must be YouTube or Vimeo"): every real
 * shape of a YouTube or Vimeo address becomes one canonical address and a privacy-friendly
 * embed address (youtube-nocookie.com, player.vimeo.com with dnt=1), or null. The host must
 * be exactly one of the providers' hosts, so `youtube.com.evil.example`, `evilyoutube.com`,
 * `javascript:` and addresses with credentials or ports are rejected.
 */

export type VideoProvider = "youtube" | "vimeo";

export interface VideoLink {
  provider: VideoProvider;
  /** YouTube: the 11-character video id; Vimeo: the numeric video id. */
  id: string;
  /** Vimeo's private hash of an unlisted video (`vimeo.com/ID/HASH`), when there is one. */
  hash?: string;
  canonicalUrl: string;
  embedUrl: string;
}

/** The longest link we accept (for the input's maxLength and the database column). */
export const VIDEO_LINK_MAX_LENGTH = 500;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);
const YOUTUBE_NOCOOKIE_HOSTS = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com"]);

function youtube(id: string | undefined | null): VideoLink | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return {
    provider: "youtube",
    id,
    canonicalUrl: `https://www.youtube.com/watch?v=${id}`,
    embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
  };
}

function vimeo(id: string | undefined, hash: string | null | undefined): VideoLink | null {
  if (!id || !VIMEO_ID.test(id) || /^0+$/.test(id)) return null;
  if (hash !== undefined && hash !== null && !VIMEO_HASH.test(hash)) return null;
  if (hash) {
    return {
      provider: "vimeo",
      id,
      hash,
      canonicalUrl: `https://vimeo.com/${id}/${hash}`,
      embedUrl: `https://player.vimeo.com/video/${id}?h=${hash}&dnt=1`,
    };
  }
  return {
    provider: "vimeo",
    id,
    canonicalUrl: `https://vimeo.com/${id}`,
    embedUrl: `https://player.vimeo.com/video/${id}?dnt=1`,
  };
}

function youtubeFromPath(segments: string[], query: URLSearchParams): VideoLink | null {
  const [first, second] = segments;
  if (segments.length === 1 && first === "watch") return youtube(query.get("v"));
  if (segments.length === 2 && ["shorts", "embed", "live", "v"].includes(first!)) {
    return youtube(second);
  }
  return null;
}

function vimeoFromPath(segments: string[]): VideoLink | null {
  const [first, second, third, fourth] = segments;
  // vimeo.com/ID and vimeo.com/ID/HASH (unlisted)
  if (segments.length === 1) return vimeo(first, undefined);
  if (segments.length === 2 && VIMEO_ID.test(first!)) return vimeo(first, second);
  // vimeo.com/channels/NAME/ID
  if (segments.length === 3 && first === "channels") return vimeo(third, undefined);
  // vimeo.com/groups/NAME/videos/ID, vimeo.com/showcase/NAME/video/ID, /album/NAME/video/ID
  if (
    segments.length === 4 &&
    ((first === "groups" && third === "videos") ||
      ((first === "showcase" || first === "album") && third === "video"))
  ) {
    return vimeo(fourth, undefined);
  }
  return null;
}

function parseUrl(input: string): URL | null {
  const text = input.trim();
  if (text === "" || text.length > VIDEO_LINK_MAX_LENGTH || /\s/.test(text)) return null;
  // People paste "youtu.be/…" without a scheme; anything with another scheme is refused below.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username !== "" || url.password !== "" || url.port !== "") return null;
  return url;
}

/** The YouTube or Vimeo video a link points at, or null when it is not such a link. */
export function parseVideoLink(input: string): VideoLink | null {
  const url = parseUrl(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const segments = url.pathname.split("/").filter((segment) => segment !== "");
  if (YOUTUBE_HOSTS.has(host)) return youtubeFromPath(segments, url.searchParams);
  if (host === "youtu.be") return segments.length === 1 ? youtube(segments[0]) : null;
  if (YOUTUBE_NOCOOKIE_HOSTS.has(host)) {
    return segments.length === 2 && segments[0] === "embed" ? youtube(segments[1]) : null;
  }
  if (VIMEO_HOSTS.has(host)) return vimeoFromPath(segments);
  if (host === "player.vimeo.com") {
    return segments.length === 2 && segments[0] === "video"
      ? vimeo(segments[1], url.searchParams.get("h"))
      : null;
  }
  return null;
}

export function isVideoLink(input: string): boolean {
  return parseVideoLink(input) !== null;
}
