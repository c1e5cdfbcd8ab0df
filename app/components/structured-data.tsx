import { breadcrumbListJsonLd, type Breadcrumb } from "~/lib/site/breadcrumbs";

type JsonLd = Record<string, unknown>;

// "</script>" or "<!--" inside a string must not end the script element early.
const serialize = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");

/** schema.org data for search engines: the page's own object plus its breadcrumb trail. */
export function StructuredData({ jsonLd, crumbs, origin, nonce }: { jsonLd?: JsonLd | JsonLd[]; crumbs?: Breadcrumb[]; origin: string; nonce: string }) {
  const trail = crumbs ? breadcrumbListJsonLd(crumbs, origin) : null;
  // Each object its own script: a treatment's MedicalProcedure and its packages' Offers (ADR 064).
  const items = [...(Array.isArray(jsonLd) ? jsonLd : [jsonLd]), trail].filter((item): item is JsonLd => Boolean(item));
  // Browsers hide a nonce from the DOM once the page has loaded, so React in development would
  // report the server's nonce as a hydration mismatch; the attribute is right, the warning is not.
  return (
    <>
      {items.map((item, i) => (
        <script key={i} type="application/ld+json" nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: serialize(item) }} />
      ))}
    </>
  );
}
