import type { LoaderFunctionArgs } from "@remix-run/node";

/** /robots.txt: everything may be crawled except the form helpers and the back office; the sitemap says what exists. */
export function loader({ context }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /consent",
    "Disallow: /cities/",
    "Disallow: /admin",
    "",
    `Sitemap: ${context.config.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
