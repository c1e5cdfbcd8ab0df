import { RemixI18Next } from "remix-i18next/server";
import i18n from "~/i18n";
import { resources } from "~/lib/locales.server";
import { staffLanguage } from "~/lib/admin/language.server";
import { isAdminPath, previewLanguage } from "~/lib/admin/paths";
import { languageCookie } from "~/lib/cookies.server";
import { defaultLanguage, languageOfPath, languages } from "~/lib/route-table";

const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: languages,
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    // The URL's first segment wins; the cookie and Accept-Language only matter off-language paths.
    order: ["custom", "cookie", "header"],
    // The back office speaks its own languages (en, tr), chosen apart from the public site's; a
    // draft's preview speaks the language it previews, as its public page will.
    findLocale: async (request) => {
      const { pathname } = new URL(request.url);
      return previewLanguage(pathname) ?? (isAdminPath(pathname) ? staffLanguage(request) : languageOfPath(pathname));
    },
  },
  i18next: { ...i18n, resources },
});

export default i18next;
