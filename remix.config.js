import { readFileSync } from "node:fs";
import { ADMIN_MENU_PREVIEW_ROUTE, ADMIN_OPEN_ROUTES, ADMIN_PAGES, ADMIN_PREVIEW_ROUTE, routeDefinitions } from "./app/route-patterns.js";

// The route table is JSON so that this file and the app read the same data; route-patterns.js turns
// it into routes for both.
const table = JSON.parse(readFileSync(new URL("./app/route-table.json", import.meta.url), "utf8"));

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // File routes could silently shadow generated ones, so none are read.
  ignoredRouteFiles: ["**/*"],
  // The server is compiled with the app into one module, build/index.js: the classes and services
  // server.ts and the routes share exist once in the process (ADR 034). build/server.js starts it.
  server: "server.ts",
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
      for (const { id, path, file, index, caseSensitive } of routeDefinitions(table)) {
        route(path, file, { id, index, caseSensitive });
      }
      // The back office: its pages inside the layout that requires a session, and the open ones beside it.
      route("admin", "routes/admin/layout.tsx", { id: "admin" }, () => {
        for (const page of ADMIN_PAGES) {
          const file = `routes/admin/${page.file}.tsx`;
          if (page.path) route(page.path, file, { id: `admin.${page.name}` });
          else route(undefined, file, { id: `admin.${page.name}`, index: true });
        }
      });
      for (const { id, path, file } of ADMIN_OPEN_ROUTES) route(path, file, { id });
      route(ADMIN_PREVIEW_ROUTE.path, ADMIN_PREVIEW_ROUTE.file, { id: ADMIN_PREVIEW_ROUTE.id });
      route(ADMIN_MENU_PREVIEW_ROUTE.path, ADMIN_MENU_PREVIEW_ROUTE.file, { id: ADMIN_MENU_PREVIEW_ROUTE.id });
    });
  },
};
