import type { AppLoadContext } from "@remix-run/node";
import { CATEGORY, type BlogPost, type MenuTreatment, type SpecialDeal, type SubTreatment, type Treatment } from "~/lib/api/contract";
import type { Lang } from "~/lib/route-table";

/**
 * What a content read needs from a loader's or action's `context`: this request's reads, the API
 * behind the content cache that server.ts made.
 */
export type ContentContext = Pick<AppLoadContext, "content">;

/** The menu shows the first 12 treatments (page 1), four columns of three; the treatments page lists them all. */
const MENU_TREATMENTS = 12;

export function getMenuTreatments({ content }: ContentContext, lang: Lang): Promise<MenuTreatment[]> {
  return content.cached(`menu-treatments:${lang}`, async () => {
    const res = await content.api.get("menuTreatments", { lang, query: { pageIndex: 1, pageSize: MENU_TREATMENTS } });
    return res.result.data;
  });
}

export function getTreatment({ content }: ContentContext, lang: Lang, id: number): Promise<Treatment> {
  return content.cached(`treatment:${lang}:${id}`, async () => (await content.api.get("treatment", { lang, params: { id } })).result);
}

/** The treatments the provider features on the home page. */
export function getHighlightedTreatments({ content }: ContentContext, lang: Lang, pageSize: number): Promise<Treatment[]> {
  return content.cached(`treatments-highlighted:${lang}:${pageSize}`, async () => {
    const res = await content.api.get("treatments", {
      lang,
      query: { pageIndex: 1, pageSize, categoryId: CATEGORY.treatments, isHighlighted: true },
    });
    return res.result.data;
  });
}

export function getSubTreatment({ content }: ContentContext, lang: Lang, id: number): Promise<SubTreatment> {
  return content.cached(`sub-treatment:${lang}:${id}`, async () => (await content.api.get("subTreatment", { lang, params: { id } })).result);
}

export function getSubTreatments({ content }: ContentContext, lang: Lang): Promise<SubTreatment[]> {
  return content.cached(`sub-treatments:${lang}`, async () => (await content.api.get("subTreatments", { lang })).result.data);
}

export function getSliders({ content }: ContentContext, lang: Lang) {
  return content.cached(`sliders:${lang}`, async () => (await content.api.get("sliders", { lang })).result.data);
}

export function getCountries({ content }: ContentContext, lang: Lang) {
  return content.cached(`countries:${lang}`, async () => (await content.api.get("countries", { lang })).result.data);
}

export function getCities({ content }: ContentContext, lang: Lang, countryCode: string) {
  return content.cached(`cities:${countryCode}`, async () =>
    (await content.api.get("cities", { lang, params: { id: countryCode } })).result.data,
  );
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
  return content.cached(`blog:${lang}:${pageIndex}:${pageSize}`, async () => {
    const res = await content.api.get("blog", { lang, query: { pageIndex, pageSize, categoryId: CATEGORY.blog } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

/** One page of testimonials: the API keeps them as blog posts of categoryId 3. */
export function getTestimonialsPage({ content }: ContentContext, lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<BlogPost>> {
  return content.cached(`testimonials:${lang}:${pageIndex}:${pageSize}`, async () => {
    const res = await content.api.get("blog", { lang, query: { pageIndex, pageSize, categoryId: CATEGORY.testimonials } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

export function getBlogPost({ content }: ContentContext, lang: Lang, id: number): Promise<BlogPost> {
  return content.cached(`blog-post:${lang}:${id}`, async () => (await content.api.get("blogPost", { lang, params: { id } })).result);
}

export function getSpecialDealsPage({ content }: ContentContext, lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<SpecialDeal>> {
  return content.cached(`special-deals:${lang}:${pageIndex}:${pageSize}`, async () => {
    const res = await content.api.get("specialDeals", { lang, query: { pageIndex, pageSize } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

export function getSpecialDeal({ content }: ContentContext, lang: Lang, id: number): Promise<SpecialDeal> {
  return content.cached(`special-deal:${lang}:${id}`, async () => (await content.api.get("specialDeal", { lang, params: { id } })).result);
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
  return content.cached(`treatments:${lang}:${pageIndex}:${pageSize}`, async () => {
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
