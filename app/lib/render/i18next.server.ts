import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import i18n from "~/lib/render/i18n";
import { resources } from "~/lib/platform/locales.server";
import { staffLanguage } from "~/lib/admin/language.server";
import { isAdminPath, previewLanguage } from "~/lib/admin/paths";
import { LANGUAGE_COOKIE } from "~/lib/platform/cookies.server";
import { defaultLanguage, languageOfPath, languages } from "~/lib/site/route-table";

const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: languages,
    fallbackLanguage: defaultLanguage,
    // Only read here: a cookie's attributes matter when it is written, by the load context's
    // (`context.cookies.language`, made with the configuration's Secure).
    cookie: createCookie(LANGUAGE_COOKIE),
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
