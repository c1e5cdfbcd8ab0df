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
