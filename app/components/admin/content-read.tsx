import { useTranslation } from "react-i18next";
import { fieldLabel } from "~/components/admin/content-field";
import { CONTENT_REGISTRY, isFilled, type ContentKind, type FieldSpec, type Lang } from "~/lib/platform/api/content-contract";
import { kindLanguages } from "~/lib/admin/content-kinds";
import { referenceNames } from "~/lib/admin/content-labels";
import { nativeLanguageName, textDirection } from "~/lib/site/route-table";

/** A value as text: lists one entry per line, yes/no, the HTML body as its source (never rendered here). Times come formatted from the loader (readableTimes). */
function shown(spec: FieldSpec, value: unknown, yesNo: (v: boolean) => string): string {
  if (Array.isArray(value)) return value.join(spec.input === "paragraphs" ? "\n\n" : spec.input === "languages" ? ", " : "\n");
  if (typeof value === "boolean") return yesNo(value);
  return String(value);
}

/** Images are shown, not named: the upload's smallest variant (the loader reads its widths), or the seeded artwork. */
const pictureOf = (spec: FieldSpec, value: unknown, imageSrc: string | null) =>
  spec.input === "image" ? imageSrc : spec.input === "artwork" && typeof value === "string" ? value : null;

/**
 * An item's values without any control: what a viewer sees instead of the form, and a version's
 * snapshot. `labels` names a reference's or a page's value (the category's title), where known.
 */
export function ContentRead(props: {
  kind: ContentKind;
  shared: Record<string, unknown>;
  texts: Partial<Record<Lang, Record<string, unknown>>>;
  published: Partial<Record<Lang, boolean>>;
  labels?: Record<string, Record<string, string>>;
  /** The uploaded image's thumbnail (imageThumbnail); null when it could not be read, and then its id is shown. */
  imageSrc?: string | null;
}) {
  const { kind, shared, texts, published, labels = {}, imageSrc = null } = props;
  const { t, i18n } = useTranslation("admin");
  const spec = CONTENT_REGISTRY[kind];
  const yesNo = (value: boolean) => t(value ? "leads.yes" : "leads.no");
  const value = (name: string, field: FieldSpec, raw: unknown) => {
    if (!isFilled(raw))
      return (
        <span className="admin-muted" lang={i18n.language}>
          {t("content.noValue")}
        </span>
      );
    const picture = pictureOf(field, raw, imageSrc);
    if (picture) return <img src={picture} alt={fieldLabel(t, kind, name)} className="content-read-image" />;
    // A seeded doctor's drawn portrait: its parameters mean nothing to a reader.
    if (field.input === "portrait") return <span lang={i18n.language}>{t("content.portraitDrawn")}</span>;
    return referenceNames(field, labels[name], raw) ?? labels[name]?.[String(raw)] ?? shown(field, raw, yesNo);
  };
  const row = (name: string, field: FieldSpec, raw: unknown) =>
    // Seeded artwork is the stand-in until an image is uploaded: no row when there is none (an internal field, not an empty one).
    field.input === "artwork" && !isFilled(raw) ? null : (
      <div key={name}>
        <dt lang={i18n.language}>{fieldLabel(t, kind, name)}</dt>
        <dd className={field.input === "html" || (Array.isArray(raw) && field.input !== "languages") ? "admin-pre" : undefined}>{value(name, field, raw)}</dd>
      </div>
    );
  return (
    <div className="content-read">
      <section className="admin-panel" aria-labelledby="content-read-shared">
        <h2 id="content-read-shared">{t("content.shared")}</h2>
        <dl className="admin-details">{Object.entries(spec.shared).map(([name, field]) => row(name, field, shared[name]))}</dl>
      </section>
      <div className="content-langs">
        {kindLanguages(kind).map((lang) => (
          <section
            key={lang}
            id={`lang-${lang}`}
            lang={lang}
            dir={textDirection(lang)}
            className="admin-panel content-lang"
            aria-labelledby={`content-read-${lang}`}
          >
            <h2 id={`content-read-${lang}`}>
              {nativeLanguageName(lang)}
              {/* The staff language's name too, unless it is the same word ("English"). */}
              {t(`siteLanguages.${lang}`) !== nativeLanguageName(lang) ? <span lang={i18n.language}> ({t(`siteLanguages.${lang}`)})</span> : null}
            </h2>
            <p lang={i18n.language}>{t(published[lang] ? "content.markedPublished" : "content.notMarkedPublished")}</p>
            <dl>{Object.entries(spec.texts).map(([name, field]) => row(name, field, texts[lang]?.[name]))}</dl>
          </section>
        ))}
      </div>
    </div>
  );
}
