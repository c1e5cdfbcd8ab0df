import type { Crumb } from "~/components/breadcrumbs";

type JsonLd = Record<string, unknown>;

// "</script>" or "<!--" inside a string must not end the script element early.
const serialize = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");

/** schema.org data for search engines: the page's own object plus its breadcrumb trail. */
export function StructuredData({ jsonLd, crumbs, origin, nonce }: { jsonLd?: JsonLd; crumbs?: Crumb[]; origin: string; nonce: string }) {
  const items: JsonLd[] = [];
  if (jsonLd) items.push(jsonLd);
  if (crumbs && crumbs.length > 1) {
    items.push({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: crumbs.map((crumb, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: crumb.name,
        item: new URL(encodeURI(crumb.path), origin).href,
      })),
    });
  }
  // Browsers hide a nonce from the DOM once the page has loaded, so React in development would
  // report the server's nonce as a hydration mismatch; the attribute is right, the warning is not.
  return (
    <>
      {items.map((item, i) => (
        <script
          key={i}
          type="application/ld+json"
          nonce={nonce || undefined}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: serialize(item) }}
        />
      ))}
    </>
  );
}
