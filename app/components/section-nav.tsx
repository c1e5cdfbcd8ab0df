import { SiteLink } from "~/components/site-link";
import { useTranslation } from "react-i18next";

/** "In this section": the section's pages, the current one marked. */
export function SectionNav({ links }: { links: { name: string; path: string; current: boolean }[] }) {
  const { t } = useTranslation();
  if (!links.length) return null;
  return (
    <nav className="section-nav" aria-label={t("page.inThisSection")}>
      <h2>{t("page.inThisSection")}</h2>
      <ul>
        {links.map((r) => (
          <li key={r.name}>
            <SiteLink to={r.path} aria-current={r.current ? "page" : undefined}>
              {t(`titles.${r.name}`)}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
