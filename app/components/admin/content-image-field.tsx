import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FieldErrors } from "~/components/admin/content-field";
import { IMAGE_FIELD } from "~/lib/admin/content-form";

export interface CurrentImage {
  /** The uploaded image the item has (its id), or null. */
  imageId: string | null;
  /** What to show for it: a small variant of the upload, or the seeded artwork. */
  src: string | null;
}

/** A small variant's address for an image uploaded in this post (the loader knows the item's own). */
const thumbnailOf = (imageId: string) => `/media/u/${imageId}/400.webp`;

/**
 * The item's image: what it has now, and a file input to replace it. The chosen file is uploaded
 * with the form (multipart, capped); its id is kept in `shared.imageId`, so a form sent back with
 * errors keeps the upload. Its alt text is a field of each language.
 */
export function ContentImageField({ meta, current, uiLang, required }: { meta: FieldMetadata<string>; current: CurrentImage; uiLang: string; required: boolean }) {
  const { t } = useTranslation("admin");
  const id = typeof meta.initialValue === "string" && meta.initialValue ? meta.initialValue : null;
  const src = id && id !== current.imageId ? thumbnailOf(id) : current.src;
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
