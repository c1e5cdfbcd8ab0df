import { getApi } from "~/lib/api/api.server";
import type { MenuTreatment, Treatment } from "~/lib/api/contract";
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
