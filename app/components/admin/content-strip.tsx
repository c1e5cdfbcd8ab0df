import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/admin/content-badges";
import { fieldLabel } from "~/components/admin/content-field";
import type { LanguageState } from "~/lib/admin/content-editor-data";
import { hasPreview, kindLanguages } from "~/lib/admin/content-kinds";
import { previewPath } from "~/components/page-kit";
import type { ContentKind, Lang } from "~/lib/platform/api/content-contract";

/**
 * Above the five fieldsets: one entry per language, linking to its fieldset, with its state, what
 * it still lacks, how many fields the last post found wrong there, and its preview.
 */
export function LanguageStrip(props: {
  kind: ContentKind;
  id: number | null;
  languages: Record<Lang, LanguageState>;
  errorCounts: Partial<Record<Lang, number>>;
}) {
  const { kind, id, languages, errorCounts } = props;
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("content.languagesLabel")} className="admin-panel content-strip">
      <ol>
        {kindLanguages(kind).map((lang) => {
          const { status, missing } = languages[lang];
          return (
            <li key={lang}>
              <a href={`#lang-${lang}`}>{t(`siteLanguages.${lang}`)}</a>{" "}
              {status ? <StatusBadge lang={lang} status={status} /> : id === null ? <span className="admin-muted">{t("content.notSaved")}</span> : null}
              {missing.length > 0 ? (
                <p>{t("content.missing", { fields: missing.map((name) => fieldLabel(t, kind, name)).join(", ") })}</p>
              ) : status ? (
                <p>{t("content.complete")}</p>
              ) : null}
              {(errorCounts[lang] ?? 0) > 0 ? <p className="field-error">{t("content.errorCount", { count: errorCounts[lang] })}</p> : null}
              {id !== null && status && status !== "incomplete" && hasPreview(kind, lang) ? (
                <p>
                  <Link to={previewPath(kind, id, lang)}>{t("content.previewLink", { language: t(`siteLanguages.${lang}`) })}</Link>
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
