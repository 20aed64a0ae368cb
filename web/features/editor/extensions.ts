import Image from "@tiptap/extension-image";
import type { Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { safeHref } from "../../../core/rich-text";
import { VideoEmbed } from "./video-node";

const ImageWithSrcset = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      srcset: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute("srcset"),
        renderHTML: (attributes: Record<string, unknown>) =>
          attributes.srcset ? { srcset: attributes.srcset } : {},
      },
    };
  },
});

/**
 * What the editor can make: exactly what core/rich-text blocks hold (headings of two levels,
 * bold and italic, lists, quotes, safe links, images with their sizes, videos).
 */
export function editorExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      strike: false,
      underline: false,
      horizontalRule: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        isAllowedUri: (url) => safeHref(url) !== null,
        HTMLAttributes: { rel: "noopener noreferrer nofollow", target: null },
      },
    }),
    ImageWithSrcset.configure({ inline: false, allowBase64: false }),
    VideoEmbed,
  ];
}

/**
 * A command chain whose insertions go after a selected image or video instead of replacing
 * it (inserting a picture right after another must not delete the first).
 */
export function afterSelectedNode(editor: Editor) {
  const { selection } = editor.state;
  const chain = editor.chain().focus();
  return "node" in selection && selection.node ? chain.setTextSelection(selection.to) : chain;
}
