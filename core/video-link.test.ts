import { describe, expect, it } from "vitest";
import { isVideoLink, parseVideoLink } from "./video-link";

const YT = {
  provider: "youtube",
  id: "dQw4w9WgXcQ",
  canonicalUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
};

const VIMEO = {
  provider: "vimeo",
  id: "76979871",
  canonicalUrl: "https://vimeo.com/76979871",
  embedUrl: "https://player.vimeo.com/video/76979871?dnt=1",
};

describe("YouTube links", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs",
    "https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
    "http://youtube.com/watch?v=dQw4w9WgXcQ",
    "https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be",
    "https://youtu.be/dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ?si=Xr4kL9m2pQ7a_b&t=10",
    "youtu.be/dQw4w9WgXcQ",
    "www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    "https://youtube.com/shorts/dQw4w9WgXcQ?feature=share",
    "https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0",
    "https://www.youtube.com/live/dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    "  https://WWW.YouTube.com/watch?v=dQw4w9WgXcQ  ",
    "https://www.youtube.com/watch/?v=dQw4w9WgXcQ",
  ])("%s", (link) => {
    expect(parseVideoLink(link)).toEqual(YT);
  });
});

describe("Vimeo links", () => {
  it.each([
    "https://vimeo.com/76979871",
    "https://www.vimeo.com/76979871?share=copy",
    "vimeo.com/76979871",
    "https://vimeo.com/channels/staffpicks/76979871",
    "https://vimeo.com/groups/motion/videos/76979871",
    "https://vimeo.com/showcase/9876543/video/76979871",
    "https://player.vimeo.com/video/76979871",
    "https://player.vimeo.com/video/76979871?autoplay=1",
  ])("%s", (link) => {
    expect(parseVideoLink(link)).toEqual(VIMEO);
  });

  it("keep the private hash of an unlisted video", () => {
    const unlisted = {
      provider: "vimeo",
      id: "76979871",
      hash: "8272103f6e",
      canonicalUrl: "https://vimeo.com/76979871/8272103f6e",
      embedUrl: "https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1",
    };
    expect(parseVideoLink("https://vimeo.com/76979871/8272103f6e")).toEqual(unlisted);
    expect(parseVideoLink("https://player.vimeo.com/video/76979871?h=8272103f6e")).toEqual(
      unlisted,
    );
  });
});

describe("other links", () => {
  it.each([
    "",
    "   ",
    "not a link",
    "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
    "data:text/html,youtube.com",
    "ftp://youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://evilyoutube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be.evil.example/dQw4w9WgXcQ",
    "https://vimeo.com.evil.example/76979871",
    "https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ",
    "https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ",
    "https://user:pass@youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ<script>",
    "https://www.youtube.com/",
    "https://www.youtube.com/@channel",
    "https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs",
    "https://youtu.be/",
    "https://vimeo.com/",
    "https://vimeo.com/staffpicks",
    "https://vimeo.com/0",
    "https://vimeo.com/76979871/NOT-A-HASH",
    "https://player.vimeo.com/video/76979871?h=<x>",
    "https://www.dailymotion.com/video/x8abcd",
    "https://www.facebook.com/watch/?v=123456789",
    "https://drive.google.com/file/d/abc/view",
  ])("%s is rejected", (link) => {
    expect(parseVideoLink(link)).toBeNull();
    expect(isVideoLink(link)).toBe(false);
  });
});
