import { defaultLanguage, languages } from "~/lib/site/route-table";

// Shared by the server and the browser instances of i18next.
export default {
  supportedLngs: languages,
  fallbackLng: defaultLanguage,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
