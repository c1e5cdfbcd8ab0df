import { RemixI18Next } from "remix-i18next/server";
import i18n from "~/i18n";
import { resources } from "~/lib/locales.server";
import { languageCookie } from "~/lib/cookies.server";
import { defaultLanguage, languageOfPath, languages } from "~/lib/route-table";

const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: languages,
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    // The URL's first segment wins; the cookie and Accept-Language only matter off-language paths.
    order: ["custom", "cookie", "header"],
    findLocale: async (request) => languageOfPath(new URL(request.url).pathname),
  },
  i18next: { ...i18n, resources },
});

export default i18next;
