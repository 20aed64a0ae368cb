import { EditorContent, useEditor } from "@tiptap/react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { safeHref, type Block } from "../../../core/rich-text";
import { blocksToTiptap, tiptapToBlocks } from "../../../core/rich-text-tiptap";
import { parseVideoLink } from "../../../core/video-link";
import { Toolbar } from "./editor-toolbar";
import { afterSelectedNode, editorExtensions } from "./extensions";
import { MediaLibraryDialog } from "./media-library";
import { MediaUploadError, uploadMediaImage, type UploadedImage } from "./media-upload";
import { pastedImageFiles, withoutForeignImages } from "./pasted-images";
import { withEditorStructure } from "./pasted-structure";
import "./editor.css";

export interface RichTextEditorProps {
  /** The visible label (also the editing area's accessible name). */
  label: string;
  /** The body to start from (stored blocks). */
  value: Block[];
  /** Called with the allow-listed blocks after every change. */
  onChange?: (blocks: Block[]) => void;
  /** When set, a hidden input of this name carries the blocks as JSON in a posted form. */
  name?: string;
  /** Language of the text being written (spell-check, screen readers). */
  lang?: string;
  /** Ids of hint/error texts describing the field. */
  describedBy?: string;
  invalid?: boolean;
  /** Upload used by the image button; default: the media library (`POST /api/media`). */
  uploadImage?: (file: File) => Promise<UploadedImage>;
  /** `purpose` sent with uploads (news, page …). */
  uploadPurpose?: string;
}

const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * The back-office rich-text editor (TipTap): headings, bold/italic, lists, quotes, links,
 * images from the media library and YouTube/Vimeo videos — exactly what core/rich-text blocks
 * hold. It edits TipTap JSON and hands out allow-listed blocks; the server sanitises again.
 * Loaded lazily (see index.ts) so public pages never ship it.
 */
export default function RichTextEditor({
  label,
  value,
  onChange,
  name,
  lang,
  describedBy,
  invalid,
  uploadImage = (file) => uploadMediaImage(file, { purpose: uploadPurpose ?? "editor" }),
  uploadPurpose,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const [json, setJson] = useState(() => JSON.stringify(value));
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The editor keeps the props it was made with: a paste reaches this render's handler.
  const onPasteRef = useRef<(event: ClipboardEvent) => boolean>(() => false);
  const onDropRef = useRef<(event: DragEvent, moved: boolean) => boolean>(() => false);

  const editor = useEditor({
    immediatelyRender: false,
    extensions: editorExtensions(),
    content: blocksToTiptap(value),
    editorProps: {
      attributes: {
        class: "editor__content rich-text",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(lang ? { lang } : {}),
      },
      transformPastedHTML: (html) =>
        withEditorStructure(withoutForeignImages(html, window.location.origin).html),
      handlePaste: (_view, event) => onPasteRef.current(event),
      handleDrop: (_view, event, _slice, moved) => onDropRef.current(event, moved),
    },
    onUpdate: ({ editor: current }) => {
      const blocks = tiptapToBlocks(current.getJSON());
      setJson(JSON.stringify(blocks));
      onChangeRef.current?.(blocks);
    },
  });

  const say = (text: string, error = false) => setStatus({ text, error });

  const addLink = () => {
    if (!editor) return;
    // The prompt takes focus away: remember the selection it applies to.
    const { from, to, empty } = editor.state.selection;
    const onLink = editor.isActive("link");
    const current = String(editor.getAttributes("link").href ?? "");
    const answer = window.prompt(t("editor.linkPrompt"), current);
    if (answer === null) return;
    const chain = () => editor.chain().focus().setTextSelection({ from, to });
    if (answer.trim() === "") {
      chain().extendMarkRange("link").unsetLink().run();
      say(t("editor.linkRemoved"));
      return;
    }
    const href = safeHref(answer.trim()) ?? safeHref(`https://${answer.trim()}`);
    if (!href || /^javascript:/i.test(answer.trim())) {
      chain().run();
      say(t("editor.linkInvalid"), true);
      return;
    }
    if (empty && !onLink) {
      chain()
        .insertContent({
          type: "text",
          text: answer.trim(),
          marks: [{ type: "link", attrs: { href } }],
        })
        .run();
    } else {
      chain().extendMarkRange("link").setLink({ href }).run();
    }
    say(t("editor.linkAdded"));
  };

  const addVideo = () => {
    if (!editor) return;
    const answer = window.prompt(t("editor.videoPrompt"), "");
    if (answer === null || answer.trim() === "") return;
    if (!parseVideoLink(answer)) {
      say(t("editor.videoInvalid"), true);
      return;
    }
    afterSelectedNode(editor).setVideoEmbed(answer).run();
    say(t("editor.videoAdded"));
  };

  /** Puts an image (uploaded or chosen from the library) after the selection, asking for its alt. */
  const insertImage = (image: UploadedImage, defaultAlt: string) => {
    if (!editor) return;
    const alt = window.prompt(t("editor.altPrompt"), defaultAlt) ?? defaultAlt;
    afterSelectedNode(editor)
      .insertContent({
        type: "image",
        attrs: {
          src: image.src,
          alt: alt.trim(),
          width: image.width,
          height: image.height,
          srcset: image.srcset,
        },
      })
      .run();
    say(t("editor.imageAdded"));
  };

  /** Uploads images (chosen or pasted) one after the other, each inserted once it is stored. */
  const onFiles = async (files: readonly File[]) => {
    if (!editor || files.length === 0) return;
    setBusy(true);
    try {
      for (const file of files) {
        say(t("editor.uploading"));
        try {
          insertImage(await uploadImage(file), "");
        } catch (error) {
          const key = error instanceof MediaUploadError ? error.messageKey : "editor.uploadFailed";
          say(t(key), true);
          return;
        }
      }
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  // A pasted image file goes through the image button's upload; pictures of pasted HTML that
  // a body cannot keep were taken out (transformPastedHTML), and the editor is told so.
  onPasteRef.current = (event) => {
    const files = pastedImageFiles(event.clipboardData);
    if (files.length > 0) {
      void onFiles(files);
      return true;
    }
    const html = event.clipboardData?.getData("text/html") ?? "";
    if (html && withoutForeignImages(html, window.location.origin).dropped > 0) {
      say(t("editor.pastedImagesDropped"), true);
    }
    return false;
  };

  // Picture files dropped from the desktop go the same way (text moved inside the body, or
  // dropped from elsewhere, is the editor's own business).
  onDropRef.current = (event, moved) => {
    const files = moved ? [] : pastedImageFiles(event.dataTransfer);
    if (files.length === 0) return false;
    event.preventDefault();
    void onFiles(files);
    return true;
  };

  return (
    <div className={`editor${invalid ? " editor--invalid" : ""}`}>
      <p id={labelId} className="field__label editor__label">
        {label}
      </p>
      {editor ? (
        <Toolbar editor={editor} label={t("editor.toolbar", { field: label })}>
          {{
            link: addLink,
            video: addVideo,
            image: () => fileInput.current?.click(),
            library: () => setLibraryOpen(true),
            busy,
          }}
        </Toolbar>
      ) : null}
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void onFiles([...(event.target.files ?? [])].slice(0, 1))}
      />
      <MediaLibraryDialog
        open={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        onChoose={(image) => {
          setLibraryOpen(false);
          insertImage(image, image.alt);
        }}
      />
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div className="editor__content editor__content--loading">{t("editor.loading")}</div>
      )}
      <p className={`editor__status${status?.error ? " editor__status--error" : ""}`} role="status">
        {status?.text ?? ""}
      </p>
      {name ? <input type="hidden" name={name} value={json} /> : null}
    </div>
  );
}
