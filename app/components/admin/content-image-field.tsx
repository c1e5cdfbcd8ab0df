import { useTranslation } from "react-i18next";
import { FieldErrors } from "~/components/admin/content-field";
import type { CurrentImage } from "~/lib/admin/content-editor-data";
import { IMAGE_FIELD } from "~/lib/admin/content-form";
import { type FieldMetadata, getInputProps } from "~/components/form/form-kit";

/**
 * The item's image: what it has now (its smallest variant), and a file input to replace it. The chosen file is uploaded
 * with the form (multipart, capped); its id is kept in `shared.imageId`, so a form sent back with
 * errors keeps the upload. Its alt text is a field of each language.
 */
export function ContentImageField(props: {
  meta: FieldMetadata<string>;
  current: CurrentImage;
  pending?: CurrentImage | null;
  uiLang: string;
  required: boolean;
}) {
  const { meta, current, pending, uiLang, required } = props;
  const { t } = useTranslation("admin");
  const id = typeof meta.initialValue === "string" && meta.initialValue ? meta.initialValue : null;
  // The item's own image (the loader's), or one uploaded with a form that came back (the action's answer).
  const src = !id || id === current.imageId ? current.src : pending?.imageId === id ? pending.src : null;
  const inputId = `${meta.id}-file`;
  const hintId = `${inputId}-hint`;
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className="field">
      <label htmlFor={inputId} lang={uiLang}>
        {t("content.fields.imageId")}
        {required ? null : <span className="optional"> {t("content.optional")}</span>}
      </label>
      <p id={hintId} className="field-hint" lang={uiLang}>
        {t(src ? "content.hints.imageReplace" : "content.hints.image")}
      </p>
      {src ? (
        <figure className="content-image">
          <img src={src} alt={t("content.currentImage")} />
          <figcaption lang={uiLang}>{t(id ? "content.uploadedImage" : "content.artwork")}</figcaption>
        </figure>
      ) : null}
      <input {...getInputProps(meta, { type: "hidden", ariaAttributes: false })} />
      <input
        id={inputId}
        name={IMAGE_FIELD}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={invalid ? `${meta.errorId} ${hintId}` : hintId}
        aria-invalid={invalid || undefined}
      />
      <FieldErrors meta={meta} uiLang={uiLang} />
    </div>
  );
}
