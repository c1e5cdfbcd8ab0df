import { getApi } from "~/lib/api/api.server";
import { CATEGORY, type BlogPost, type MenuTreatment, type SpecialDeal, type SubTreatment, type Treatment } from "~/lib/api/contract";
import { cached } from "~/lib/cache.server";
import type { Lang } from "~/lib/route-table";

/** The menu shows the first 12 treatments (page 1), four columns of three; the treatments page lists them all. */
export const MENU_TREATMENTS = 12;

export function getMenuTreatments(lang: Lang): Promise<MenuTreatment[]> {
  return cached(`menu-treatments:${lang}`, async () => {
    const res = await getApi().get("menuTreatments", { lang, query: { pageIndex: 1, pageSize: MENU_TREATMENTS } });
    return res.result.data;
  });
}

export function getTreatment(lang: Lang, id: number): Promise<Treatment> {
  return cached(`treatment:${lang}:${id}`, async () => (await getApi().get("treatment", { lang, params: { id } })).result);
}

/** The treatments the provider features on the home page. */
export function getHighlightedTreatments(lang: Lang, pageSize: number): Promise<Treatment[]> {
  return cached(`treatments-highlighted:${lang}:${pageSize}`, async () => {
    const res = await getApi().get("treatments", {
      lang,
      query: { pageIndex: 1, pageSize, categoryId: CATEGORY.treatments, isHighlighted: true },
    });
    return res.result.data;
  });
}

export function getSubTreatment(lang: Lang, id: number): Promise<SubTreatment> {
  return cached(`sub-treatment:${lang}:${id}`, async () => (await getApi().get("subTreatment", { lang, params: { id } })).result);
}

export function getSubTreatments(lang: Lang): Promise<SubTreatment[]> {
  return cached(`sub-treatments:${lang}`, async () => (await getApi().get("subTreatments", { lang })).result.data);
}

export function getSliders(lang: Lang) {
  return cached(`sliders:${lang}`, async () => (await getApi().get("sliders", { lang })).result.data);
}

export function getCountries(lang: Lang) {
  return cached(`countries:${lang}`, async () => (await getApi().get("countries", { lang })).result.data);
}

export function getCities(lang: Lang, countryCode: string) {
  return cached(`cities:${countryCode}`, async () =>
    (await getApi().get("cities", { lang, params: { id: countryCode } })).result.data,
  );
}

/** Every treatment's id and title, for the offer form's choice. */
export async function getTreatmentOptions(lang: Lang) {
  return (await getAllTreatments(lang)).map((t) => ({ id: t.id, title: t.title }));
}

export function getInstitutionTypes(lang: Lang) {
  return cached(`institution-types:${lang}`, async () => (await getApi().get("institutionTypes", { lang })).result.data);
}

export interface ContentPage<T> {
  items: T[];
  totalCount: number;
}

/** One page of blog posts (categoryId 1), newest first. */
export function getBlogPage(lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<BlogPost>> {
  return cached(`blog:${lang}:${pageIndex}:${pageSize}`, async () => {
    const res = await getApi().get("blog", { lang, query: { pageIndex, pageSize, categoryId: CATEGORY.blog } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

/** One page of testimonials: the API keeps them as blog posts of categoryId 3. */
export function getTestimonialsPage(lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<BlogPost>> {
  return cached(`testimonials:${lang}:${pageIndex}:${pageSize}`, async () => {
    const res = await getApi().get("blog", { lang, query: { pageIndex, pageSize, categoryId: CATEGORY.testimonials } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

export function getBlogPost(lang: Lang, id: number): Promise<BlogPost> {
  return cached(`blog-post:${lang}:${id}`, async () => (await getApi().get("blogPost", { lang, params: { id } })).result);
}

export function getSpecialDealsPage(lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<SpecialDeal>> {
  return cached(`special-deals:${lang}:${pageIndex}:${pageSize}`, async () => {
    const res = await getApi().get("specialDeals", { lang, query: { pageIndex, pageSize } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

export function getSpecialDeal(lang: Lang, id: number): Promise<SpecialDeal> {
  return cached(`special-deal:${lang}:${id}`, async () => (await getApi().get("specialDeal", { lang, params: { id } })).result);
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
export function getTreatmentsPage(lang: Lang, pageIndex: number, pageSize: number): Promise<ContentPage<Treatment>> {
  return cached(`treatments:${lang}:${pageIndex}:${pageSize}`, async () => {
    const res = await getApi().get("treatments", { lang, query: { pageIndex, pageSize, categoryId: CATEGORY.treatments } });
    return { items: res.result.data, totalCount: res.result.totalCount };
  });
}

export function getAllTreatments(lang: Lang): Promise<Treatment[]> {
  return walk((pageIndex) => getTreatmentsPage(lang, pageIndex, WALK_PAGE_SIZE));
}

export function getAllBlogPosts(lang: Lang): Promise<BlogPost[]> {
  return walk((pageIndex) => getBlogPage(lang, pageIndex, WALK_PAGE_SIZE));
}

export function getAllSpecialDeals(lang: Lang): Promise<SpecialDeal[]> {
  return walk((pageIndex) => getSpecialDealsPage(lang, pageIndex, WALK_PAGE_SIZE));
}
