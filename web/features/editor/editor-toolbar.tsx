import { useEditorState, type Editor } from "@tiptap/react";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { ImageIcon, LinkIcon } from "../../components/icons";

/** What the toolbar's buttons that need more than a TipTap command ask of the editor. */
export interface ToolbarActions {
  link: () => void;
  video: () => void;
  image: () => void;
  library: () => void;
  busy: boolean;
}

/** The formatting buttons: one tab stop, arrow keys move between buttons (ARIA toolbar). */
export function Toolbar({
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
      icon: <LinkIcon size={18} />,
      pressed: state.link,
      run: actions.link,
    },
    {
      key: "image",
      label: t("editor.image"),
      icon: <ImageIcon size={18} />,
      disabled: actions.busy,
      run: actions.image,
    },
    {
      key: "library",
      label: t("mediaLibrary.open"),
      icon: (
        <>
          <ImageIcon size={18} />…
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
