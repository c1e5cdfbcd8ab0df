import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { BULLETIN_TITLE_MAX } from "~/lib/platform/api/bulletins-contract";
import { languages } from "~/lib/site/route-table";

/**
 * An issue's list (a site language) and title, as the new-issue form and the draft's form both ask
 * for them; each form passes its own control props (plain, or conform's).
 */
export function BulletinFields({
  list,
  title,
  titleError,
}: {
  list: SelectHTMLAttributes<HTMLSelectElement> & { id: string };
  title: InputHTMLAttributes<HTMLInputElement> & { id: string };
  titleError?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="admin-form-grid">
      <div className="field">
        <label htmlFor={list.id}>{t("bulletins.columns.list")}</label>
        <select {...list}>
          {languages.map((lang) => (
            <option key={lang} value={lang}>
              {t(`siteLanguages.${lang}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={title.id}>{t("bulletins.columns.title")}</label>
        <input {...title} maxLength={BULLETIN_TITLE_MAX} />
        {titleError}
      </div>
    </div>
  );
}
