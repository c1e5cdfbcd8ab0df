import { Link } from "@remix-run/react";
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
            <Link to={r.path} aria-current={r.current ? "page" : undefined}>
              {t(`titles.${r.name}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
