import { config } from "~/config.server";
import i18next from "~/i18next.server";
import {
  defaultLanguage,
  equivalents,
  lookupPath,
  type Lang,
  type PageDef,
} from "~/lib/route-table";
import type { PageMeta } from "~/lib/meta";
import { siteConfig } from "~/site-config";

export function requireRouteOr404<T>(route: T | null): T {
  if (!route) throw new Response("Not Found", { status: 404 });
  return route;
}

/** The page and language a request is for, from the one route table. */
export function requireRoute(request: Request): { page: PageDef; lang: Lang } {
  return requireRouteOr404(lookupPath(new URL(request.url).pathname));
}

export const absoluteUrl = (path: string) => new URL(path, config.siteUrl).href;

// The translations are bundled and never change while the process runs: one function per language
// and namespace serves every request (remix-i18next would build a new i18next instance each call).
const fixedTs = new Map<string, ReturnType<typeof i18next.getFixedT>>();
export function getT(lang: Lang, ns: "common" | "pages" = "common") {
  const key = `${lang}:${ns}`;
  let t = fixedTs.get(key);
  if (!t) fixedTs.set(key, (t = i18next.getFixedT(lang, ns)));
  return t;
}

/** Title, description, canonical and hreflang for a page of the table. */
export function buildPageMeta(page: PageDef, lang: Lang, title: string, description: string): PageMeta {
  const alternates = equivalents(page);
  const xDefault = alternates.find((a) => a.lang === defaultLanguage) ?? alternates[0];
  const canonical = alternates.find((a) => a.lang === lang)?.path ?? `/${lang}`;
  return {
    title: page.name === "home" ? `${siteConfig.brand} | ${title}` : `${title} | ${siteConfig.brand}`,
    description,
    canonical: absoluteUrl(canonical),
    alternates: [
      ...alternates.map((a) => ({ hrefLang: a.lang, href: absoluteUrl(a.path) })),
      { hrefLang: "x-default", href: absoluteUrl(xDefault.path) },
    ],
    lang,
    siteName: siteConfig.brand,
  };
}
