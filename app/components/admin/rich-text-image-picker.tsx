import { type KeyboardEvent, useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuthenticityToken } from "~/components/form/form-kit";
import { bodyImageOf, type PickerImage } from "~/lib/platform/api/body-images";

const IMAGES_PATH = "/admin/content/images";
export type BodyImage = ReturnType<typeof bodyImageOf>;

/**
 * Under the toolbar: the images already uploaded (newest first, a page at a time), a file to upload
 * one more, and its alt text in the body's language, asked for at each insertion. Not a <form> (it
 * sits inside the content form); its fields have no names, so nothing of it is submitted with the item.
 */
export function RichTextImagePicker(props: { uiLang: string; textLang?: string; onInsert: (image: BodyImage) => void; onCancel: () => void }) {
  const { uiLang, textLang, onInsert, onCancel } = props;
  const { t } = useTranslation("admin");
  const token = useAuthenticityToken();
  const id = useId();
  const [images, setImages] = useState<PickerImage[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState(true);
  const [chosen, setChosen] = useState<PickerImage | null>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (next: number) => {
    setBusy(true);
    try {
      const res = await fetch(`${IMAGES_PATH}?page=${next}`, { credentials: "same-origin" });
      if (!res.ok) throw new Error(String(res.status));
      const answer = (await res.json()) as { images: PickerImage[]; more: boolean };
      setImages((shown) => [...shown, ...answer.images.filter((image) => !shown.some((s) => s.id === image.id))]);
      setPage(next);
      setMore(answer.more);
    } catch {
      setError("content.richText.imagesUnavailable");
    } finally {
      setBusy(false);
    }
  }, []);
  useEffect(() => {
    void load(1);
  }, [load]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    const body = new FormData();
    body.set("csrf", token);
    body.set("file", file);
    try {
      const res = await fetch(IMAGES_PATH, { method: "POST", body, credentials: "same-origin" });
      const answer = (await res.json().catch(() => ({}))) as { image?: PickerImage; error?: string };
      if (answer.image) {
        const image = answer.image;
        setImages((shown) => [image, ...shown.filter((s) => s.id !== image.id)]);
        setChosen(image);
      } else setError(answer.error ? `content.errors.${answer.error}` : "content.richText.imagesUnavailable");
    } catch {
      setError("content.richText.imagesUnavailable");
    } finally {
      setBusy(false);
    }
  };
  const insert = () => {
    if (!chosen) return setError("content.richText.imageChooseFirst");
    if (!alt.trim()) return setError("content.richText.imageAltRequired");
    onInsert(bodyImageOf(chosen, alt.trim()));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    } else if (event.key === "Enter" && event.target instanceof HTMLInputElement && event.target.type === "text") {
      event.preventDefault();
      insert();
    }
  };
  const language = textLang ? t(`siteLanguages.${textLang}`) : "";
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Enter and Escape for the fields inside, as in the link form
    <div className="rich-text-panel rich-text-images" lang={uiLang} onKeyDown={onKeyDown} aria-busy={busy}>
      <p id={`${id}-choose`} className="rich-text-panel-title">
        {t("content.richText.imageChoose")}
      </p>
      {images.length === 0 && !busy ? <p>{t("content.richText.imagesNone")}</p> : null}
      <ul className="rich-text-image-grid" aria-labelledby={`${id}-choose`}>
        {images.map((image, index) => (
          <li key={image.id}>
            <button
              type="button"
              className="rich-text-image-option"
              aria-pressed={chosen?.id === image.id}
              aria-label={t("content.richText.imageOption", { number: index + 1, width: image.width, height: image.height })}
              onClick={() => {
                setChosen(image);
                setError(null);
              }}
            >
              <img src={image.thumbnail} alt="" width={96} height={Math.max(1, Math.round((96 * image.height) / image.width))} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      {more ? (
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void load(page + 1)}>
          {t("content.richText.imagesMore")}
        </button>
      ) : null}
      <label htmlFor={`${id}-file`}>{t("content.richText.imageUpload")}</label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={busy}
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <label htmlFor={`${id}-alt`}>{t("content.richText.imageAlt", { language })}</label>
      <input
        id={`${id}-alt`}
        type="text"
        dir="auto"
        lang={textLang}
        value={alt}
        maxLength={250}
        aria-describedby={`${id}-error`}
        onChange={(event) => setAlt(event.target.value)}
      />
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error ? t(error) : null}
      </p>
      <div className="rich-text-panel-actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={insert}>
          {t("content.richText.imageInsert")}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t("content.richText.cancel")}
        </button>
      </div>
    </div>
  );
}
