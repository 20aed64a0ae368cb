import { mergeAttributes, Node } from "@tiptap/react";
import { parseVideoLink } from "../../../core/video-link";
import { VIDEO_NODE } from "../../../core/rich-text-tiptap";

declare module "@tiptap/react" {
  interface Commands<ReturnType> {
    videoEmbed: {
      /** Inserts a YouTube/Vimeo video; any other address is refused (returns false). */
      setVideoEmbed: (url: string) => ReturnType;
    };
  }
}

/**
 * A YouTube or Vimeo video in the editor: an atom block holding the canonical address (the
 * player itself only appears on the public page, loaded on click). Addresses go through
 * core/video-link, so nothing but the two providers' videos can be embedded.
 */
export const VideoEmbed = Node.create({
  name: VIDEO_NODE,
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return { src: { default: null } };
  },

  parseHTML() {
    return [
      {
        tag: "div[data-video-embed]",
        getAttrs: (element) => {
          const video = parseVideoLink(
            (element as HTMLElement).getAttribute("data-video-embed") ?? "",
          );
          return video ? { src: video.canonicalUrl } : false;
        },
      },
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const src = String(node.attrs.src ?? "");
    const video = parseVideoLink(src);
    const label = video ? `${video.provider === "youtube" ? "YouTube" : "Vimeo"} · ${src}` : src;
    return [
      "div",
      mergeAttributes(
        { "data-video-embed": src, class: "editor-video", contenteditable: "false" },
        { "data-provider": video?.provider ?? "" },
        Object.fromEntries(Object.entries(HTMLAttributes).filter(([key]) => key !== "src")),
      ),
      `▶ ${label}`,
    ];
  },

  addCommands() {
    return {
      setVideoEmbed:
        (url: string) =>
        ({ commands }) => {
          const video = parseVideoLink(url);
          if (!video) return false;
          return commands.insertContent({ type: this.name, attrs: { src: video.canonicalUrl } });
        },
    };
  },
});
