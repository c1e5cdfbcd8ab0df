import { useTranslation } from "react-i18next";
import { fieldLabel } from "~/components/admin/content-field";
import { CONTENT_REGISTRY, isFilled, type ContentKind, type FieldSpec, type Lang } from "~/lib/api/content-contract";
import { LANGUAGE_CODES } from "~/lib/api/contract";
import { nativeLanguageName, textDirection } from "~/lib/route-table";

/** A value as text: lists one entry per line, yes/no, the HTML body as its source (never rendered here). */
function shown(spec: FieldSpec, value: unknown, yesNo: (v: boolean) => string): string {
  if (Array.isArray(value)) return value.join(spec.input === "paragraphs" ? "\n\n" : "\n");
  if (typeof value === "boolean") return yesNo(value);
  if (value && typeof value === "object") return JSON.stringify(value);
  return String(value);
}

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
}) {
  const { kind, shared, texts, published, labels = {} } = props;
  const { t, i18n } = useTranslation("admin");
  const spec = CONTENT_REGISTRY[kind];
  const yesNo = (value: boolean) => t(value ? "leads.yes" : "leads.no");
  const row = (name: string, field: FieldSpec, value: unknown) => (
    <div key={name}>
      <dt lang={i18n.language}>{fieldLabel(t, kind, name)}</dt>
      <dd className={field.input === "html" || Array.isArray(value) ? "admin-pre" : undefined}>
        {isFilled(value) ? (labels[name]?.[String(value)] ?? shown(field, value, yesNo)) : <span className="admin-muted" lang={i18n.language}>{t("content.noValue")}</span>}
      </dd>
    </div>
  );
  return (
    <div className="content-read">
      <section className="admin-panel" aria-labelledby="content-read-shared">
        <h2 id="content-read-shared">{t("content.shared")}</h2>
        <dl className="admin-details">{Object.entries(spec.shared).map(([name, field]) => row(name, field, shared[name]))}</dl>
      </section>
      <div className="content-langs">
        {LANGUAGE_CODES.map((lang) => (
          <section key={lang} id={`lang-${lang}`} lang={lang} dir={textDirection(lang)} className="admin-panel content-lang" aria-labelledby={`content-read-${lang}`}>
            <h2 id={`content-read-${lang}`}>
              {nativeLanguageName(lang)} <span lang={i18n.language}>({t(`siteLanguages.${lang}`)})</span>
            </h2>
            <p lang={i18n.language}>{t(published[lang] ? "content.markedPublished" : "content.notMarkedPublished")}</p>
            <dl>{Object.entries(spec.texts).map(([name, field]) => row(name, field, texts[lang]?.[name]))}</dl>
          </section>
        ))}
      </div>
    </div>
  );
}
