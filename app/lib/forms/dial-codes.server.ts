import { getCountries, getCountryCallingCode } from "libphonenumber-js/min";
import type { Country } from "~/lib/platform/api/contract";
import type { Lang } from "~/lib/site/route-table";

const byLang = new Map<Lang, Country[]>();

/**
 * Dial codes without the API: libphonenumber's countries and codes, named by the runtime's ICU. The
 * contact form asks the API for nothing else, so it falls back on this list and stays open while
 * the API is down (a patient who cannot reach us otherwise writes here); when the API answers, its
 * list is the one shown, as on every form.
 */
export function localDialCodes(lang: Lang): Country[] {
  let list = byLang.get(lang);
  if (!list) {
    const names = new Intl.DisplayNames([lang], { type: "region" });
    const collator = new Intl.Collator(lang);
    list = getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, dialCode: `+${getCountryCallingCode(code)}` }))
      .sort((a, b) => collator.compare(a.name, b.name));
    byLang.set(lang, list);
  }
  return list;
}
