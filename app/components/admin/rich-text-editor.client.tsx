import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { RichTextImagePicker } from "~/components/admin/rich-text-image-picker";
import { RichTextLinkForm } from "~/components/admin/rich-text-link-form";
import { RichTextToolbar } from "~/components/admin/rich-text-toolbar";
import { bodyExtensions, bodyHtml } from "~/lib/admin/rich-text-schema";

export interface RichTextEditorProps {
  /** The field's text area: read once for the starting text, then written on every change; it is what the form submits. */
  textarea: HTMLTextAreaElement;
  /** The field's label, naming the editor and its toolbar. */
  labelId: string;
  label: string;
  describedBy?: string;
  invalid: boolean;
  /** The body's language and direction (the fieldset's), and the staff member's language for the toolbar. */
  lang?: string;
  dir?: "ltr" | "rtl";
  uiLang: string;
}

/**
 * The WYSIWYG editor of a body, loaded after hydration in place of its text area (content-body.tsx).
 * Every change is written into the text area and announced with an `input` event, so conform's
 * validation, the form sent back with what was typed, and the two-tab conflict see the same field
 * as without JavaScript.
 */
export default function RichTextEditor({ textarea, labelId, label, describedBy, invalid, lang, dir, uiLang }: RichTextEditorProps) {
  const { t } = useTranslation("admin");
  const [panel, setPanel] = useState<"link" | "image" | null>(null);
  const panelButtons = useRef<Record<string, HTMLButtonElement | null>>({});
  const editor = useEditor({
    extensions: bodyExtensions(),
    content: textarea.value,
    immediatelyRender: true,
    // Someone already typing in the text area when the editor came goes on typing, in the editor.
    autofocus: document.activeElement === textarea ? "end" : false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: "rich-text-area rich-text",
        ...(lang ? { lang } : {}),
        ...(dir ? { dir } : {}),
      },
    },
    onUpdate: ({ editor: changed }) => {
      textarea.value = bodyHtml(changed);
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
    },
  });
  // The field's errors come and go without the editor being made again: its description and validity follow them.
  useEffect(() => {
    const area = editor.view.dom;
    area.setAttribute("aria-invalid", invalid ? "true" : "false");
    if (describedBy) area.setAttribute("aria-describedby", describedBy);
    else area.removeAttribute("aria-describedby");
  }, [editor, invalid, describedBy]);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      h4: current.isActive("heading", { level: 4 }),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      blockquote: current.isActive("blockquote"),
      link: current.isActive("link"),
      image: current.isActive("image"),
      href: (current.getAttributes("link").href as string | undefined) ?? "",
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const closePanel = () => {
    if (panel) panelButtons.current[panel]?.focus();
    setPanel(null);
  };
  return (
    <div className="rich-text-editor">
      <RichTextToolbar
        editor={editor}
        state={state}
        label={t("content.richText.toolbar", { field: label })}
        uiLang={uiLang}
        panel={panel}
        panelButtons={panelButtons}
        onPanel={(opened) => setPanel((open) => (open === opened ? null : opened))}
      />
      {panel === "link" ? (
        <RichTextLinkForm
          href={state.href}
          uiLang={uiLang}
          onApply={(href) => {
            // Nothing selected and no link to change: the address itself becomes the link's text.
            if (editor.state.selection.empty && !state.link)
              editor
                .chain()
                .focus()
                .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
                .run();
            else editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
            setPanel(null);
          }}
          onRemove={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            setPanel(null);
          }}
          onCancel={closePanel}
          canRemove={state.link}
        />
      ) : null}
      {panel === "image" ? (
        <RichTextImagePicker
          uiLang={uiLang}
          textLang={lang}
          onInsert={(image) => {
            editor.chain().focus().setImage(image).run();
            setPanel(null);
          }}
          onCancel={closePanel}
        />
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
