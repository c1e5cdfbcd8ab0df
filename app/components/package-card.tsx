import { useTranslation } from "react-i18next";
import { DealPrice } from "~/components/deal-card";
import type { PackageCardData } from "~/lib/site/cards";

/** A treatment package (ADR 064): its price, what it includes and its last day. It has no page of its own, so no link. */
export function PackageCard({ pkg, heading: Heading = "h3" }: { pkg: PackageCardData; heading?: "h2" | "h3" }) {
  const { t } = useTranslation();
  return (
    <article className="tile package-card">
      <Heading className="package-card-title">{pkg.title}</Heading>
      {pkg.summary ? <p className="package-card-summary">{pkg.summary}</p> : null}
      {pkg.includes.length ? (
        <>
          <p className="package-card-includes-label">{t("packages.includes")}</p>
          <ul className="package-card-includes">
            {pkg.includes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      <DealPrice price={pkg.price} />
      <p className="package-card-valid">{t("deals.validUntil", { date: pkg.validUntil.label })}</p>
    </article>
  );
}

/** A list of packages under a heading of its own. */
export function PackageList({ packages, id }: { packages: PackageCardData[]; id: string }) {
  const { t } = useTranslation();
  if (!packages.length) return null;
  return (
    <section className="packages" aria-labelledby={id}>
      <h2 id={id}>{t("packages.title")}</h2>
      <ul className="package-grid">
        {packages.map((pkg) => (
          <li key={pkg.id}>
            <PackageCard pkg={pkg} />
          </li>
        ))}
      </ul>
    </section>
  );
}
