import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderSitemap, sitemapEntries, throwApiFailure } from "./sitemap.server";

/** /sitemap.xml: every page in every language, with its language versions as xhtml:link alternates. */
export async function loader({ context }: LoaderFunctionArgs) {
  const entries = await sitemapEntries(context).catch(throwApiFailure);
  return new Response(renderSitemap(context.config.siteUrl, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
