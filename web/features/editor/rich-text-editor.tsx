import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { safeHref, type Block } from "../../../core/rich-text";
import { blocksToTiptap, tiptapToBlocks } from "../../../core/rich-text-tiptap";
import { parseVideoLink } from "../../../core/video-link";
import { MediaLibraryDialog } from "./media-library";
import { MediaUploadError, uploadMediaImage, type UploadedImage } from "./media-upload";
import { VideoEmbed } from "./video-node";
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

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
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
    ],
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

  const onFile = async (file: File | undefined) => {
    if (!editor || !file) return;
    setBusy(true);
    say(t("editor.uploading"));
    try {
      insertImage(await uploadImage(file), "");
    } catch (error) {
      const key = error instanceof MediaUploadError ? error.messageKey : "editor.uploadFailed";
      say(t(key), true);
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = "";
    }
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
        onChange={(event) => void onFile(event.target.files?.[0])}
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

/**
 * A command chain whose insertions go after a selected image or video instead of replacing
 * it (inserting a picture right after another must not delete the first).
 */
function afterSelectedNode(editor: Editor) {
  const { selection } = editor.state;
  const chain = editor.chain().focus();
  return "node" in selection && selection.node ? chain.setTextSelection(selection.to) : chain;
}

interface ToolbarActions {
  link: () => void;
  video: () => void;
  image: () => void;
  library: () => void;
  busy: boolean;
}

const ICON_LINK =
  "M10 14a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5M14 10a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5";
const ICON_IMAGE = "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01";

function Icon({ d }: { d: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

/** The formatting buttons: one tab stop, arrow keys move between buttons (ARIA toolbar). */
function Toolbar({
  editor,
  label,
  children: actions,
}: {
  editor: Editor;
  label: string;
  children: ToolbarActions;
}) {
  const { t } = useTranslation();
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const items: {
    key: string;
    label: string;
    icon: ReactNode;
    pressed?: boolean;
    disabled?: boolean;
    run: () => void;
  }[] = [
    {
      key: "h2",
      label: t("editor.heading"),
      icon: "H2",
      pressed: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "h3",
      label: t("editor.subheading"),
      icon: "H3",
      pressed: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: "bold",
      label: t("editor.bold"),
      icon: <b>B</b>,
      pressed: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      key: "italic",
      label: t("editor.italic"),
      icon: <i>I</i>,
      pressed: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      key: "bullet",
      label: t("editor.bulletList"),
      icon: "•",
      pressed: state.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: "ordered",
      label: t("editor.orderedList"),
      icon: "1.",
      pressed: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: "quote",
      label: t("editor.quote"),
      icon: "❝",
      pressed: state.quote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      key: "link",
      label: t("editor.link"),
      icon: <Icon d={ICON_LINK} />,
      pressed: state.link,
      run: actions.link,
    },
    {
      key: "image",
      label: t("editor.image"),
      icon: <Icon d={ICON_IMAGE} />,
      disabled: actions.busy,
      run: actions.image,
    },
    {
      key: "library",
      label: t("mediaLibrary.open"),
      icon: (
        <>
          <Icon d={ICON_IMAGE} />…
        </>
      ),
      disabled: actions.busy,
      run: actions.library,
    },
    { key: "video", label: t("editor.video"), icon: "▶", run: actions.video },
    {
      key: "undo",
      label: t("editor.undo"),
      icon: "↶",
      disabled: !state.canUndo,
      run: () => chain().undo().run(),
    },
    {
      key: "redo",
      label: t("editor.redo"),
      icon: "↷",
      disabled: !state.canRedo,
      run: () => chain().redo().run(),
    },
  ];

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    let next: number | null = null;
    if (event.key === "ArrowRight") next = focusIndex === last ? 0 : focusIndex + 1;
    if (event.key === "ArrowLeft") next = focusIndex === 0 ? last : focusIndex - 1;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = last;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  useEffect(() => {
    buttons.current = buttons.current.slice(0, items.length);
  }, [items.length]);

  return (
    <div role="toolbar" aria-label={label} className="editor__toolbar" onKeyDown={move}>
      {items.map((item, index) => (
        <button
          key={item.key}
          ref={(el) => {
            buttons.current[index] = el;
          }}
          type="button"
          className="editor__button"
          tabIndex={index === focusIndex ? 0 : -1}
          aria-label={item.label}
          title={item.label}
          aria-pressed={item.pressed === undefined ? undefined : item.pressed}
          aria-disabled={item.disabled || undefined}
          onFocus={() => setFocusIndex(index)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (!item.disabled) item.run();
          }}
        >
          <span aria-hidden="true">{item.icon}</span>
        </button>
      ))}
    </div>
  );
}
