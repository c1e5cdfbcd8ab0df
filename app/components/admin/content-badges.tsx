import { useTranslation } from "react-i18next";
import type { ContentStatus } from "~/lib/platform/api/content-contract";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";

/** A language's state as a small badge in words ("EN published"); the colour only repeats them. */
export function StatusBadge({ lang, status }: { lang: string; status: ContentStatus }) {
  const { t } = useTranslation("admin");
  return (
    <span className={`content-badge content-badge-${status}`}>
      <abbr title={t(`siteLanguages.${lang}`)}>{lang.toUpperCase()}</abbr> {t(`content.statuses.${status}`)}
    </span>
  );
}

/** Every language's state of an item, in the site's language order. */
export function StatusBadges({ statuses }: { statuses: Record<string, ContentStatus> }) {
  return (
    <ul className="content-badges">
      {LANGUAGE_CODES.map((lang) => (
        <li key={lang}>
          <StatusBadge lang={lang} status={statuses[lang]} />
        </li>
      ))}
    </ul>
  );
}
