import i18next from "~/lib/render/i18next.server";
import { decodePath, defaultLanguage, getPage, languageOfPath, staticRouteAt, type Lang, type LanguagePaths, type PageDef } from "~/lib/site/route-table";
import type { PageMeta } from "~/lib/site/meta";
import type { NotFoundData } from "~/lib/site/not-found";
import { defaultMetaImage, metaImageOf, type ContentImage, type MetaImage } from "~/lib/site/meta-image";
import { siteConfig } from "~/site-config";

export function requireRouteOr404<T>(route: T | null): T {
  if (!route) throw new Response("Not Found", { status: 404 });
  return route;
}

/**
 * A 404 in the page's language: its data gives the root's meta the document's <title> and the
 * root's error boundary the kind of page to suggest first (not-found.ts).
 */
export async function notFound(lang: Lang, kind?: string): Promise<Response> {
  const t = await getT(lang);
  const body: NotFoundData = { title: `${t("notFound.title")} | ${siteConfig.brand}`, ...(kind ? { kind } : {}) };
  return Response.json(body, { status: 404 });
}

/** Runs a page's loading, and answers any bare 404 thrown in it (an unknown id, uri or slug) with `notFound(lang, kind)`. */
export async function withNotFound<T>(lang: Lang, kind: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Response && error.status === 404) throw await notFound(lang, kind);
    throw error;
  }
}

export interface PageRoute {
  page: PageDef;
  lang: Lang;
}

/**
 * The language of the route Remix matched for this request. Every page route begins with its
 * language and is matched case-sensitively, so the first segment is it; anything else is no page.
 */
export function routeLang(request: Request): Lang {
  return requireRouteOr404(languageOfPath(new URL(request.url).pathname));
}

/** A module that serves one page of the table knows it; the language is the matched route's. */
export function pageRoute(name: string, request: Request): PageRoute {
  return { page: getPage(name)!, lang: routeLang(request) };
}

/**
 * A module shared by several pages (content, offer, contact) cannot tell from its loader's arguments
 * which of its routes Remix matched (loaders get no route id, and static paths give no params): the
 * matched path names it, by one exact lookup in the same route list Remix was given.
 */
export function sharedPageRoute(request: Request): PageRoute {
  const path = requireRouteOr404(decodePath(new URL(request.url).pathname));
  const route = staticRouteAt(path);
  return requireRouteOr404(route ? { page: getPage(route.page!)!, lang: route.lang as Lang } : null);
}

/** `path` on the site's own origin (`context.config.siteUrl`): canonical, hreflang and schema.org links. */
export const absoluteUrl = (siteUrl: string, path: string) => new URL(path, siteUrl).href;

// The translations are bundled and never change while the process runs: one function per language
// and namespace serves every request (remix-i18next would build a new i18next instance each call).
const fixedTs = new Map<string, ReturnType<typeof i18next.getFixedT>>();
export function getT(lang: Lang, ns: "common" | "pages" = "common") {
  const key = `${lang}:${ns}`;
  let t = fixedTs.get(key);
  if (!t) fixedTs.set(key, (t = i18next.getFixedT(lang, ns)));
  return t;
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** The page's own path in every language it exists in (itself included): canonical and hreflang. */
  paths: LanguagePaths;
  type?: PageMeta["type"];
  /** The home page's title leads with the brand; every other page's ends with it. */
  brandFirst?: boolean;
  /** The item's own image, on an item's page: what a shared link to it shows (else the language's default). */
  image?: ContentImage;
}

/**
 * What an item's page says of it in its <title> and description (the editor's SEO text where written,
 * else `title` and its summary) and the image a shared link to it shows.
 */
export function itemMeta(item: { summary: string; seoTitle?: string; seoDescription?: string }, title: string, image: ContentImage) {
  return { title: item.seoTitle ?? title, description: item.seoDescription ?? item.summary, image };
}

/** The picture a shared link to the page shows, its URL absolute: the item's, where a preview can show it, else the language's. */
async function pageImage(siteUrl: string, lang: Lang, image: ContentImage | undefined): Promise<MetaImage> {
  const picture = (image && metaImageOf(image)) ?? defaultMetaImage(lang, (await getT(lang))("home.heading", { brand: siteConfig.brand }));
  return { ...picture, url: absoluteUrl(siteUrl, picture.url) };
}

/** Title, description, canonical, hreflang (x-default: the default language's) and shared-link picture for any page. */
export async function buildPageMeta(
  siteUrl: string,
  lang: Lang,
  { title, description, paths, type, brandFirst = false, image }: PageMetaInput,
): Promise<PageMeta> {
  const alternates = Object.entries(paths) as [Lang, string][];
  const xDefault = paths[defaultLanguage] ?? alternates[0]?.[1];
  return {
    title: brandFirst ? `${siteConfig.brand} | ${title}` : `${title} | ${siteConfig.brand}`,
    description,
    canonical: absoluteUrl(siteUrl, paths[lang] ?? `/${lang}`),
    alternates: [
      ...alternates.map(([hrefLang, path]) => ({ hrefLang, href: absoluteUrl(siteUrl, path) })),
      ...(xDefault ? [{ hrefLang: "x-default", href: absoluteUrl(siteUrl, xDefault) }] : []),
    ],
    lang,
    siteName: siteConfig.brand,
    ...(type ? { type } : {}),
    image: await pageImage(siteUrl, lang, image),
  };
}
