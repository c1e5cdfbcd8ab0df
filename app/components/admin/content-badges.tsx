import { useTranslation } from "react-i18next";
import { kindLanguages } from "~/lib/admin/content-kinds";
import type { ContentKind, ContentStatus } from "~/lib/platform/api/content-contract";

/** A language's state as a small badge in words ("EN published"); the colour only repeats them. */
export function StatusBadge({ lang, status }: { lang: string; status: ContentStatus }) {
  const { t } = useTranslation("admin");
  return (
    <span className={`content-badge content-badge-${status}`}>
      <abbr title={t(`siteLanguages.${lang}`)}>{lang.toUpperCase()}</abbr> {t(`content.statuses.${status}`)}
    </span>
  );
}

/** The state of an item in each language its kind is offered in, in the site's language order. */
export function StatusBadges({ kind, statuses }: { kind: ContentKind; statuses: Record<string, ContentStatus> }) {
  return (
    <ul className="content-badges">
      {kindLanguages(kind).map((lang) => (
        <li key={lang}>
          <StatusBadge lang={lang} status={statuses[lang]} />
        </li>
      ))}
    </ul>
  );
}
