import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Lang } from "~/lib/site/route-table";
import { siteConfig } from "~/site-config";

export function Logo({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <Link to={`/${lang}`} className="logo" aria-label={t("header.homeLink", { brand: siteConfig.brand })}>
      <svg aria-hidden="true" width="36" height="36" viewBox="0 0 36 36">
        <rect width="36" height="36" rx="9" fill="#0e8a7e" />
        <path d="M15 8h6v7h7v6h-7v7h-6v-7H8v-6h7z" fill="#fff" />
      </svg>
      <span className="logo-text">{siteConfig.brand}</span>
    </Link>
  );
}
