import { type ComponentType, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ContentBodyPreview } from "~/components/admin/content-body-preview";
import type { RichTextEditorProps } from "~/components/admin/rich-text-editor.client";
import { type FieldMetadata, getTextareaProps } from "~/components/form/form-kit";
import { isLang, textDirection } from "~/lib/site/route-table";

type Loaded = { Editor: ComponentType<RichTextEditorProps> } | "failed" | null;

/**
 * A body (an `html` field). The server sends its text area, which is what the form submits with or
 * without JavaScript. After hydration the editor's code is fetched (the only screen that needs it) and
 * the editor takes the text area's place on screen, writing every change back into it. Should that
 * code not arrive, the text area stays, with the live preview of what the sanitizer keeps beside it.
 */
export function ContentBody(props: {
  meta: FieldMetadata<string>;
  rows: number;
  label: string;
  labelId: string;
  hintId?: string;
  textLang?: string;
  uiLang: string;
}) {
  const { meta, rows, label, labelId, hintId, textLang, uiLang } = props;
  const { t } = useTranslation("admin");
  const [area, setArea] = useState<HTMLTextAreaElement | null>(null);
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    let live = true;
    // A `.client` module (Remix replaces it with an empty one on the server): Tiptap and ProseMirror
    // never load in the server's process, which draws the text area; the browser fetches them here.
    import("~/components/admin/rich-text-editor.client").then(
      (module) => live && setLoaded({ Editor: module.default }),
      () => live && setLoaded("failed"),
    );
    return () => {
      live = false;
    };
  }, []);
  const Editor = loaded && loaded !== "failed" ? loaded.Editor : null;
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hintId, invalid ? meta.errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="content-body">
      <div className={loaded === "failed" ? "content-body-grid" : undefined}>
        <textarea {...getTextareaProps(meta, { ariaDescribedBy: hintId })} ref={setArea} rows={rows} hidden={Editor && area ? true : undefined} />
        {Editor && area ? (
          <Editor
            key={meta.key}
            textarea={area}
            labelId={labelId}
            label={label}
            describedBy={describedBy}
            invalid={invalid}
            lang={textLang}
            dir={textLang && isLang(textLang) ? textDirection(textLang) : undefined}
            uiLang={uiLang}
          />
        ) : null}
        {loaded === "failed" ? (
          <ContentBodyPreview textareaId={meta.id} lang={textLang} uiLang={uiLang} label={t("content.livePreview", { field: label })} />
        ) : null}
      </div>
    </div>
  );
}
