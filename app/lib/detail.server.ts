import { redirect } from "@remix-run/node";
import type { LanguagePath } from "~/lib/api/contract";
import type { PageMeta } from "~/lib/meta";
import { absoluteUrl, requireRouteOr404 } from "~/lib/page.server";
import { defaultLanguage, detailPath, isLang, lookupDetail, type Lang, type LanguagePaths } from "~/lib/route-table";
import { siteConfig } from "~/site-config";

/** The detail page a request is for, or the 404 page. */
export function requireDetail(request: Request) {
  return requireRouteOr404(lookupDetail(new URL(request.url).pathname));
}

/** A known id at the wrong uri moves permanently to the canonical uri. */
export function redirectToCanonical(request: Request, canonicalPath: string) {
  const url = new URL(request.url);
  if (decodeURIComponent(url.pathname) !== canonicalPath) throw redirect(encodeURI(canonicalPath) + url.search, 301);
}

/** The item's own path in every language it has, for the language switcher and hreflang. */
export function itemLanguagePaths(pageName: string, id: number, paths: LanguagePath[]): LanguagePaths {
  const result: LanguagePaths = {};
  for (const { languageCode, route } of paths) {
    const path = isLang(languageCode) ? detailPath(pageName, languageCode, route, id) : null;
    if (path) result[languageCode as Lang] = path;
  }
  return result;
}

export function buildDetailMeta(
  lang: Lang,
  title: string,
  description: string,
  paths: LanguagePaths,
  type: PageMeta["type"] = "website",
): PageMeta {
  const alternates = Object.entries(paths) as [Lang, string][];
  const xDefault = paths[defaultLanguage] ?? alternates[0]?.[1];
  return {
    title: `${title} | ${siteConfig.brand}`,
    description,
    canonical: absoluteUrl(paths[lang]!),
    alternates: [
      ...alternates.map(([hrefLang, path]) => ({ hrefLang, href: absoluteUrl(path) })),
      ...(xDefault ? [{ hrefLang: "x-default", href: absoluteUrl(xDefault) }] : []),
    ],
    lang,
    siteName: siteConfig.brand,
    type,
  };
}
