import type { AppLoadContext } from "@remix-run/node";
import { ApiError } from "~/lib/platform/api/errors";
import {
  CATEGORY,
  type AboutLifeArticle,
  type BlogPost,
  type Doctor,
  type Faq,
  type MenuTreatment,
  type Package,
  type Redirect,
  type SpecialDeal,
  type SubTreatment,
  type TextPage,
  type Treatment,
} from "~/lib/platform/api/contract";
import type { Lang } from "~/lib/site/route-table";

/**
 * What a content read needs from a loader's or action's `context`: this request's reads, the API
 * behind the content cache that server.ts made.
 */
export type ContentContext = Pick<AppLoadContext, "content">;

/**
 * The content cache's keys, one function per read. A list's key is its prefix (`blog:en:`) and the
 * page's index and size: a change forgets every page of a list by the prefix (content-freshness.server.ts).
 */
export const contentKeys = {
  menuTreatments: (lang: Lang) => `menu-treatments:${lang}`,
  /** Without an id: the prefix of every treatment of the language. */
  treatment: (lang: Lang, id?: number) => `treatment:${lang}:${id ?? ""}`,
  treatments: (lang: Lang) => `treatments:${lang}:`,
  highlightedTreatments: (lang: Lang) => `treatments-highlighted:${lang}:`,
  /** Without an id: the prefix of every sub-treatment of the language. */
  subTreatment: (lang: Lang, id?: number) => `sub-treatment:${lang}:${id ?? ""}`,
  subTreatments: (lang: Lang) => `sub-treatments:${lang}`,
  sliders: (lang: Lang) => `sliders:${lang}`,
  blog: (lang: Lang) => `blog:${lang}:`,
  testimonials: (lang: Lang) => `testimonials:${lang}:`,
  blogPost: (lang: Lang, id: number) => `blog-post:${lang}:${id}`,
  specialDeals: (lang: Lang) => `special-deals:${lang}:`,
  specialDeal: (lang: Lang, id: number) => `special-deal:${lang}:${id}`,
  doctors: (lang: Lang) => `doctors:${lang}:`,
  /** Doctor pages are addressed by the slug of their language. */
  doctorByUri: (lang: Lang, uri: string) => `doctor-uri:${lang}:${uri}`,
  faqs: (lang: Lang) => `faqs:${lang}:`,
  /** A route-table text page by its name (ADR 061). */
  textPage: (lang: Lang, name: string) => `text-page:${lang}:${name}`,
  aboutLife: (lang: Lang) => `about-life:${lang}:`,
  packages: (lang: Lang) => `packages:${lang}:`,
  aboutLifeArticle: (lang: Lang, id: number) => `about-life-article:${lang}:${id}`,
  redirect: (kind: Redirect["kind"], lang: Lang, uri: string) => `redirect:${kind}:${lang}:${uri}`,
};

const pageKey = (prefix: string, pageIndex: number, pageSize: number) => `${prefix}${pageIndex}:${pageSize}`;

/** The menu shows the first 12 treatments (page 1), four columns of three; the treatments page lists them all. */
const MENU_TREATMENTS = 12;

export function getMenuTreatments({ content }: ContentContext, lang: Lang): Promise<MenuTreatment[]> {
  return content.cached(contentKeys.menuTreatments(lang), async () => {
    const res = await content.api.get("menuTreatments", { lang, query: { pageIndex: 1, pageSize: MENU_TREATMENTS } });
    return res.result.data;
  });
}

export function getTreatment({ content }: ContentContext, lang: Lang, id: number): Promise<Treatment> {
  return content.cached(contentKeys.treatment(lang, id), async () => (await content.api.get("treatment", { lang, params: { id } })).result);
}

/** The treatments the provider features on the home page. */
export function getHighlightedTreatments({ content }: ContentContext, lang: Lang, pageSize: number): Promise<Treatment[]> {
  return content.cached(contentKeys.highlightedTreatments(lang) + pageSize, async () => {
    const res = await content.api.get("treatments", {
      lang,
      query: { pageIndex: 1, pageSize, categoryId: CATEGORY.treatments, isHighlighted: true },
    });
    return res.result.data;
  });
}

export function getSubTreatment({ content }: ContentContext, lang: Lang, id: number): Promise<SubTreatment> {
  return content.cached(contentKeys.subTreatment(lang, id), async () => (await content.api.get("subTreatment", { lang, params: { id } })).result);
}

export function getSubTreatments({ content }: ContentContext, lang: Lang): Promise<SubTreatment[]> {
  return content.cached(contentKeys.subTreatments(lang), async () => (await content.api.get("subTreatments", { lang })).result.data);
}

export function getSliders({ content }: ContentContext, lang: Lang) {
  return content.cached(contentKeys.sliders(lang), async () => (await content.api.get("sliders", { lang })).result.data);
}

export function getCountries({ content }: ContentContext, lang: Lang) {
  return content.cached(`countries:${lang}`, async () => (await content.api.get("countries", { lang })).result.data);
}

/** Keyed by language too: the API is asked in the page's language, and may name towns in it. */
export const citiesKey = (lang: string, countryCode: string) => `cities:${lang}:${countryCode}`;

export function getCities({ content }: ContentContext, lang: Lang, countryCode: string) {
  return content.cached(citiesKey(lang, countryCode), async () => (await content.api.get("cities", { lang, params: { id: countryCode } })).result.data);
}

/** Every treatment's id and title, for the offer form's choice. */
export async function getTreatmentOptions(context: ContentContext, lang: Lang) {
  return (await getAllTreatments(context, lang)).map((t) => ({ id: t.id, title: t.title }));
}

export function getInstitutionTypes({ content }: ContentContext, lang: Lang) {
  return content.cached(`institution-types:${lang}`, async () => (await content.api.get("institutionTypes", { lang })).result.data);
}

export interface ContentPage<T> {
  items: T[];
  totalCount: number;
}

/** One page of blog posts (categoryId 1), newest first. */
export function getBlogPage({ content }: ContentContext, lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<BlogPost>> {
  return content.cached(pageKey(contentKeys.blog(lang), pageIndex, pageSize), async () => {
    const res = await content.api.get("blog", { lang, query: { pageIndex, pageSize, categoryId: CATEGORY.blog } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

/** One page of testimonials: the API keeps them as blog posts of categoryId 3. */
export function getTestimonialsPage({ content }: ContentContext, lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<BlogPost>> {
  return content.cached(pageKey(contentKeys.testimonials(lang), pageIndex, pageSize), async () => {
    const res = await content.api.get("blog", { lang, query: { pageIndex, pageSize, categoryId: CATEGORY.testimonials } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

export function getBlogPost({ content }: ContentContext, lang: Lang, id: number): Promise<BlogPost> {
  return content.cached(contentKeys.blogPost(lang, id), async () => (await content.api.get("blogPost", { lang, params: { id } })).result);
}

export function getSpecialDealsPage({ content }: ContentContext, lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<SpecialDeal>> {
  return content.cached(pageKey(contentKeys.specialDeals(lang), pageIndex, pageSize), async () => {
    const res = await content.api.get("specialDeals", { lang, query: { pageIndex, pageSize } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

export function getSpecialDeal({ content }: ContentContext, lang: Lang, id: number): Promise<SpecialDeal> {
  return content.cached(contentKeys.specialDeal(lang, id), async () => (await content.api.get("specialDeal", { lang, params: { id } })).result);
}

/** The API's largest page; walking every page of a list takes as few calls as it can. */
const WALK_PAGE_SIZE = 100;

/**
 * Every item of a list, page after page, each page read (and cached) as the list pages read theirs.
 * The only walker: the sitemap, the deals list and the offer form's choice all need whole lists.
 */
async function walk<T>(read: (pageIndex: number) => Promise<ContentPage<T>>): Promise<T[]> {
  const all: T[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const { items, totalCount } = await read(pageIndex);
    all.push(...items);
    if (!items.length || all.length >= totalCount) return all;
  }
}

/** One page of treatments (categoryId 1), as the list shows them. */
export function getTreatmentsPage({ content }: ContentContext, lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<Treatment>> {
  return content.cached(pageKey(contentKeys.treatments(lang), pageIndex, pageSize), async () => {
    const res = await content.api.get("treatments", { lang, query: { pageIndex, pageSize, categoryId: CATEGORY.treatments } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

export function getAllTreatments(context: ContentContext, lang: Lang): Promise<Treatment[]> {
  return walk((pageIndex) => getTreatmentsPage(context, lang, pageIndex, WALK_PAGE_SIZE));
}

export function getAllBlogPosts(context: ContentContext, lang: Lang): Promise<BlogPost[]> {
  return walk((pageIndex) => getBlogPage(context, lang, pageIndex, WALK_PAGE_SIZE));
}

export function getAllSpecialDeals(context: ContentContext, lang: Lang): Promise<SpecialDeal[]> {
  return walk((pageIndex) => getSpecialDealsPage(context, lang, pageIndex, WALK_PAGE_SIZE));
}

/** One page of a language's "About life" articles (ADR 063), newest first. */
export function getAboutLifePage({ content }: ContentContext, lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<AboutLifeArticle>> {
  return content.cached(pageKey(contentKeys.aboutLife(lang), pageIndex, pageSize), async () => {
    const res = await content.api.get("aboutLife", { lang, query: { pageIndex, pageSize } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

export function getAllAboutLife(context: ContentContext, lang: Lang): Promise<AboutLifeArticle[]> {
  return walk((pageIndex) => getAboutLifePage(context, lang, pageIndex, WALK_PAGE_SIZE));
}

export function getAboutLifeArticle({ content }: ContentContext, lang: Lang, id: number): Promise<AboutLifeArticle> {
  return content.cached(contentKeys.aboutLifeArticle(lang, id), async () => (await content.api.get("aboutLifeArticle", { lang, params: { id } })).result);
}

function getPackagesPage({ content }: ContentContext, lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<Package>> {
  return content.cached(pageKey(contentKeys.packages(lang), pageIndex, pageSize), async () => {
    const res = await content.api.get("packages", { lang, query: { pageIndex, pageSize } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

/** Every treatment package valid today in the language (ADR 064): the deals list shows them all, a treatment's page its own. */
export function getAllPackages(context: ContentContext, lang: Lang): Promise<Package[]> {
  return walk((pageIndex) => getPackagesPage(context, lang, pageIndex, WALK_PAGE_SIZE));
}

/** One page of the doctors, in the order the clinic lists them. */
export function getDoctorsPage({ content }: ContentContext, lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<Doctor>> {
  return content.cached(pageKey(contentKeys.doctors(lang), pageIndex, pageSize), async () => {
    const res = await content.api.get("doctors", { lang, query: { pageIndex, pageSize } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

export function getAllDoctors(context: ContentContext, lang: Lang): Promise<Doctor[]> {
  return walk((pageIndex) => getDoctorsPage(context, lang, pageIndex, WALK_PAGE_SIZE));
}

/** A doctor by the slug of their page in `lang`; throws the API's 404 for a slug no doctor has there. */
export function getDoctorByUri({ content }: ContentContext, lang: Lang, uri: string): Promise<Doctor> {
  return content.cached(contentKeys.doctorByUri(lang, uri), async () => (await content.api.get("doctorByUri", { lang, params: { uri } })).result);
}

/** One page of the questions and answers of a language, in the clinic's order. */
function getFaqsPage({ content }: ContentContext, lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<Faq>> {
  return content.cached(pageKey(contentKeys.faqs(lang), pageIndex, pageSize), async () => {
    const res = await content.api.get("faqs", { lang, query: { pageIndex, pageSize } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

export function getAllFaqs(context: ContentContext, lang: Lang): Promise<Faq[]> {
  return walk((pageIndex) => getFaqsPage(context, lang, pageIndex, WALK_PAGE_SIZE));
}

/**
 * Where an item's old uri in `lang` leads now, or null when it never had it. Only the answers that
 * found one are kept: unknown uris are anyone's to make up, and must not push content out of the cache.
 */
export async function getRedirect({ content }: ContentContext, kind: Redirect["kind"], lang: Lang, uri: string): Promise<Redirect | null> {
  try {
    return await content.cached(contentKeys.redirect(kind, lang, uri), async () => (await content.api.get("redirect", { lang, query: { kind, uri } })).result);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A route-table text page's published words in a language (ADR 061); an ApiError 404 where it is not published. */
export function getTextPage({ content }: ContentContext, lang: Lang, name: string): Promise<TextPage> {
  return content.cached(contentKeys.textPage(lang, name), async () => (await content.api.get("textPage", { lang, params: { name } })).result);
}
