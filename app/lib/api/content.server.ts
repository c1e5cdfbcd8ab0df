import { getApi } from "~/lib/api/api.server";
import { CATEGORY, type MenuTreatment, type SubTreatment, type Treatment } from "~/lib/api/contract";
import { cached } from "~/lib/cache.server";
import type { Lang } from "~/lib/route-table";

/** Spec section 9: the menu shows the first 12 treatments (page 1). */
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

/** Spec section 9: lists default to page 1 of 10. */
export const DEFAULT_PAGE_SIZE = 10;

/** One page of the treatments list (category 1), with the total for paging. */
export function getTreatmentsPage(lang: Lang, pageIndex: number, pageSize = DEFAULT_PAGE_SIZE) {
  return cached(`treatments:${lang}:${pageIndex}:${pageSize}`, async () => {
    const res = await getApi().get("treatments", { lang, query: { pageIndex, pageSize, categoryId: CATEGORY.treatments } });
    return res.result;
  });
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

export function getSpecialDealsPage(lang: Lang, pageIndex: number, pageSize = DEFAULT_PAGE_SIZE) {
  return cached(`special-deals:${lang}:${pageIndex}:${pageSize}`, async () =>
    (await getApi().get("specialDeals", { lang, query: { pageIndex, pageSize } })).result,
  );
}

/** Blog posts (category 1) or testimonials (category 3), newest first as the API sends them. */
export function getBlogPage(lang: Lang, categoryId: number, pageIndex: number, pageSize = DEFAULT_PAGE_SIZE) {
  return cached(`blog:${lang}:${categoryId}:${pageIndex}:${pageSize}`, async () =>
    (await getApi().get("blog", { lang, query: { pageIndex, pageSize, categoryId } })).result,
  );
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
export function getTreatmentOptions(lang: Lang) {
  return cached(`treatment-options:${lang}`, async () => {
    const res = await getApi().get("treatments", { lang, query: { pageIndex: 1, pageSize: 100, categoryId: 1 } });
    return res.result.data.map((t) => ({ id: t.id, title: t.title }));
  });
}

export function getInstitutionTypes(lang: Lang) {
  return cached(`institution-types:${lang}`, async () => (await getApi().get("institutionTypes", { lang })).result.data);
}
