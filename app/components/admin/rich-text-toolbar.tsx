import type { Editor } from "@tiptap/core";
import { type KeyboardEvent, type ReactNode, type RefObject, useState } from "react";
import { useTranslation } from "react-i18next";
import { HEADING_LEVELS } from "~/lib/admin/rich-text-schema";

export interface ToolbarState {
  h2: boolean;
  h3: boolean;
  h4: boolean;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  image: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

/** Drawn, not emoji: not every staff machine has a font with 🔗 or 🖼 (a Linux one drew an empty box). */
const icon = (paths: ReactNode) => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    {paths}
  </svg>
);
const LINK_ICON = icon(
  <>
    <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1 1" />
    <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1-1" />
  </>,
);
const IMAGE_ICON = icon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 17-5-5-9 8" />
  </>,
);

interface Tool {
  key: string;
  /** What the button shows; its name is the label (a screen reader hears "Bold", not "B"). */
  mark: ReactNode;
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
}

/**
 * The body's toolbar: one tab stop, the arrow keys (mirrored in a right-to-left fieldset), Home and
 * End moving between its buttons (the WAI-ARIA toolbar pattern). Toggles say whether they are on with
 * aria-pressed; the link button opens the link form below it.
 */
export function RichTextToolbar(props: {
  editor: Editor;
  state: ToolbarState;
  label: string;
  uiLang: string;
  /** Which panel under the toolbar is open, and the buttons that open them (focus goes back there when one closes). */
  panel: "link" | "image" | null;
  panelButtons: RefObject<Record<string, HTMLButtonElement | null>>;
  onPanel: (panel: "link" | "image") => void;
}) {
  const { editor, state, label, uiLang, panel, panelButtons, onPanel } = props;
  const { t } = useTranslation("admin");
  const [current, setCurrent] = useState("h2");
  const chain = () => editor.chain().focus();
  const tools: Tool[] = [
    ...HEADING_LEVELS.map((level) => ({
      key: `h${level}`,
      mark: `H${level}`,
      label: t("content.richText.heading", { level }),
      pressed: state[`h${level}`],
      run: () => chain().toggleHeading({ level }).run(),
    })),
    { key: "bold", mark: "B", label: t("content.richText.bold"), pressed: state.bold, run: () => chain().toggleBold().run() },
    { key: "italic", mark: "I", label: t("content.richText.italic"), pressed: state.italic, run: () => chain().toggleItalic().run() },
    { key: "bulletList", mark: "•", label: t("content.richText.bulletList"), pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
    { key: "orderedList", mark: "1.", label: t("content.richText.orderedList"), pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { key: "blockquote", mark: "“", label: t("content.richText.quote"), pressed: state.blockquote, run: () => chain().toggleBlockquote().run() },
    { key: "link", mark: LINK_ICON, label: t("content.richText.link"), pressed: state.link, run: () => onPanel("link") },
    { key: "image", mark: IMAGE_ICON, label: t("content.richText.image"), pressed: state.image, run: () => onPanel("image") },
    { key: "undo", mark: "↶", label: t("content.richText.undo"), disabled: !state.canUndo, run: () => chain().undo().run() },
    { key: "redo", mark: "↷", label: t("content.richText.redo"), disabled: !state.canRedo, run: () => chain().redo().run() },
  ];
  const enabled = tools.filter((tool) => !tool.disabled).map((tool) => tool.key);
  // The tab stop stays where the keyboard left it, unless that button was disabled since (undo at the start).
  const stop = enabled.includes(current) ? current : enabled[0];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const at = enabled.indexOf(stop);
    const next = event.key === "Home" ? 0 : event.key === "End" ? enabled.length - 1 : step === undefined ? -1 : (at + step + enabled.length) % enabled.length;
    if (next < 0) return;
    event.preventDefault();
    setCurrent(enabled[next]);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-tool="${enabled[next]}"]`)?.focus();
  };
  return (
    <div role="toolbar" aria-label={label} lang={uiLang} className="rich-text-toolbar" onKeyDown={onKeyDown}>
      {tools.map((tool) => (
        <button
          key={tool.key}
          ref={(button) => {
            if (panelButtons.current && (tool.key === "link" || tool.key === "image")) panelButtons.current[tool.key] = button;
          }}
          type="button"
          data-tool={tool.key}
          className="rich-text-tool"
          tabIndex={tool.key === stop ? 0 : -1}
          aria-pressed={tool.pressed}
          aria-expanded={tool.key === "link" || tool.key === "image" ? panel === tool.key : undefined}
          disabled={tool.disabled}
          title={tool.label}
          onFocus={() => setCurrent(tool.key)}
          // The editor keeps its selection: a click on a button does not take the focus from the text first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={tool.run}
        >
          {/* "1." and "H2" read left to right in the Arabic fieldset too. */}
          <span aria-hidden="true" dir="ltr">
            {tool.mark}
          </span>
          <span className="visually-hidden">{tool.label}</span>
        </button>
      ))}
    </div>
  );
}
