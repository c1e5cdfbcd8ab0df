import { readFileSync } from "node:fs";

// The route table is JSON so that this file and the app read the same data.
const table = JSON.parse(readFileSync(new URL("./app/route-table.json", import.meta.url), "utf8"));

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // File routes could silently shadow generated ones, so none are read.
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  // The server reads the translations when the build loads: a saved locale string rebuilds and reloads.
  watchPaths: ["locales/**/*.json"],
  future: {
    v3_fetcherPersist: true,
    v3_lazyRouteDiscovery: true,
    v3_relativeSplatPath: true,
    // One request per client-side navigation (`/path.data`, a turbo-stream) instead of one per loader.
    v3_singleFetch: true,
    v3_throwAbortReason: true,
  },
  routes(defineRoutes) {
    return defineRoutes((route) => {
      route("", "pages/language-redirect.tsx", { index: true, id: "language-redirect" });
      for (const page of table.pages) {
        for (const [lang, slug] of Object.entries(page.slugs)) {
          const path = slug ? `${lang}/${slug}` : lang;
          route(path, `pages/${page.module}.tsx`, { id: `${page.name}.${lang}` });
          // Detail pages: /{lang}/{base}/{uri}/{id}, or the page's own detailPattern (e.g. ":slug").
          if (page.detail) {
            const pattern = page.detailPattern ?? ":uri/:id";
            route(`${path}/${pattern}`, `pages/${page.detail}.tsx`, { id: `${page.name}-detail.${lang}` });
          }
          // Items nested in a detail (sub-treatments of a treatment): /{lang}/{base}/{uri}/{id}/{subUri}/{subId}
          if (page.subDetail) {
            route(`${path}/:uri/:id/:subUri/:subId`, `pages/${page.subDetail}.tsx`, { id: `${page.name}-subdetail.${lang}` });
          }
        }
      }
      route("consent", "pages/consent.tsx", { id: "consent" });
      route("sitemap.xml", "pages/sitemap.ts", { id: "sitemap" });
      route("robots.txt", "pages/robots.ts", { id: "robots" });
      route("cities/:country", "pages/cities.tsx", { id: "cities" });
      route("*", "pages/not-found.tsx", { id: "not-found" });
    });
  },
};
