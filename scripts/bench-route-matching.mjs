// node scripts/bench-route-matching.mjs: what one call of react-router's matchRoutes costs (the
// function Remix calls on every request, with no cache: it flattens, ranks and compiles every route
// each time) over the site's routes in three shapes. Needs no build: it reads the same route list
// remix.config.js gives Remix (app/route-patterns.js). ADR 011 records the numbers and the choice.
//
// A document request calls matchRoutes about three times on the server (Remix's matchServerRoutes,
// the static handler's query, and getPartialManifest for lazy route discovery, once more per parent
// path of a deeper URL), and once more in the browser when it hydrates.
import { readFileSync } from "node:fs";
import { matchRoutes } from "@remix-run/router";
import { routeDefinitions } from "../app/route-patterns.js";

const table = JSON.parse(readFileSync(new URL("../app/route-table.json", import.meta.url), "utf8"));
const defs = routeDefinitions(table);
const ITERATIONS = Number(process.env.ITERATIONS ?? 3000);

// Remix's server routes: the root route (path "") with every generated route as its child.
const asRoute = ({ id, path, index, caseSensitive }) => ({ id, path: index ? undefined : path, index, caseSensitive });
const withRoot = (children) => [{ id: "root", path: "", children }];

/** Today: one route per (page, language) and per detail kind, all children of root. */
const flat = withRoot(defs.map(asRoute));

/** A layout route per language, its pages as relative children: the same leaves, nested once more. */
function perLanguage() {
  const byLang = new Map();
  const rest = [];
  for (const def of defs) {
    if (!def.lang) {
      rest.push(asRoute(def));
      continue;
    }
    const children = byLang.get(def.lang) ?? [];
    const relative = def.path === def.lang ? undefined : def.path.slice(def.lang.length + 1);
    children.push({ ...asRoute(def), path: relative, index: relative === undefined });
    byLang.set(def.lang, children);
  }
  return withRoot([...[...byLang].map(([lang, children]) => ({ id: `lang.${lang}`, path: lang, children })), ...rest]);
}

/**
 * The fewest routes that still answer every URL: the language and slugs as params, one route per
 * path depth. Remix picks a module by pattern, not by a param's value, so each of these would have to
 * be one module that dispatches to the page's own (and the slug-detail and nested-page patterns
 * collide at the same depth): the lower bound of a restructure, not a shape the modules allow.
 */
const paramShape = withRoot(
  [
    ":lang",
    ":lang/:slug",
    ":lang/:section/:slug",
    ":lang/:base/:uri/:id",
    ":lang/:section/:base/:uri/:id",
    ":lang/:base/:uri/:id/:subUri/:subId",
    "consent",
    "sitemap.xml",
    "robots.txt",
    "cities/:country",
    "*",
  ].map((path, i) => ({ id: `r${i}`, path })),
);

const urls = {
  "home /en": "/en",
  "page /en/about-us": "/en/about-us",
  "detail /en/treatments/hair-transplant/1": "/en/treatments/hair-transplant/1",
  "sub-detail /ar/…/1/…/101": "/ar/العلاجات/زراعة-الشعر/1/فوي/101",
  "404 /en/no-such-page": "/en/no-such-page",
};

/** The fastest of ten batches: on a shared machine the others measure the neighbours too. */
function timePerCall(routes, url) {
  for (let i = 0; i < 300; i++) matchRoutes(routes, url);
  const batch = Math.ceil(ITERATIONS / 10);
  let best = Infinity;
  for (let b = 0; b < 10; b++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) matchRoutes(routes, url);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1000 / batch);
  }
  return best;
}

const shapes = { "per (page, language), today": flat, "per-language layouts": perLanguage(), ":lang params (lower bound)": paramShape };
const countLeaves = (routes) => routes.reduce((n, r) => n + (r.children ? countLeaves(r.children) : 1), 0);

// The shapes must agree on which page each URL is before their speed means anything.
for (const url of Object.values(urls)) {
  const a = matchRoutes(flat, url)?.at(-1)?.route.id;
  const b = matchRoutes(shapes["per-language layouts"], url)?.at(-1)?.route.id;
  if (a !== b) throw new Error(`${url}: ${a} in the flat shape, ${b} with layouts`);
}

console.log(`matchRoutes, µs per call (best of 10 batches of ${Math.ceil(ITERATIONS / 10)}, node ${process.version})`);
const header = ["URL", ...Object.keys(shapes).map((name) => `${name} [${countLeaves(shapes[name])} routes]`)];
const rows = Object.entries(urls).map(([label, url]) => [label, ...Object.values(shapes).map((routes) => timePerCall(routes, url).toFixed(1))]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join("  "));
