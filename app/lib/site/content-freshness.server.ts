import type { AppLoadContext } from "@remix-run/node";
import { contentKeys } from "~/lib/platform/api/content.server";
import type { ContentChange, ContentKind } from "~/lib/platform/api/content-contract";
import { KIND_PAGES } from "~/lib/site/kind-pages";
import { getPage, isLang, languageOfPath, ownPath, routeAt, type Lang } from "~/lib/site/route-table";

/**
 * What a publish, unpublish, delete or restore made stale on this instance: the content cache's
 * keys (one by one, or every page of a list by its prefix) and the kept pages (`pages` says which
 * paths, decoded) that show the item. Computed from the API's answer alone, so it can be tested.
 */
export interface Stale {
  keys: string[];
  prefixes: string[];
  pages: (path: string) => boolean;
}

type Item = { kind: ContentKind; id: number };

/** Kinds the home page shows: the sliders, and teasers of highlighted treatments, deals, testimonials and posts (with their category). */
const ON_HOME = new Set<ContentKind>(["slider", "treatment", "specialDeal", "testimonial", "blog", "category"]);

/** The item's own keys in a language (a doctor's by its uris, old and new), and the prefixes of the lists that hold it. */
function cacheKeys({ kind, id }: Item, lang: Lang, uris: string[]): Pick<Stale, "keys" | "prefixes"> {
  switch (kind) {
    case "treatment":
      // The header's menu and the sub-treatments' answers, the list and each one's (which name
      // their treatment's title and uri), hold it too; the change does not name its sub-treatments.
      return {
        keys: [contentKeys.treatment(lang, id), contentKeys.menuTreatments(lang), contentKeys.subTreatments(lang)],
        prefixes: [contentKeys.treatments(lang), contentKeys.highlightedTreatments(lang), contentKeys.subTreatment(lang)],
      };
    case "subTreatment":
      // Its treatment, which the change does not name, lists it among its options: every treatment of the language.
      return {
        keys: [contentKeys.subTreatment(lang, id), contentKeys.subTreatments(lang)],
        prefixes: [contentKeys.treatment(lang), contentKeys.treatments(lang)],
      };
    case "category":
      // Its posts (the change names them as related) and the lists show its title.
      return { keys: [], prefixes: [contentKeys.blog(lang)] };
    case "blog":
      return { keys: [contentKeys.blogPost(lang, id)], prefixes: [contentKeys.blog(lang)] };
    case "testimonial":
      return { keys: [contentKeys.blogPost(lang, id)], prefixes: [contentKeys.testimonials(lang)] };
    case "specialDeal":
      return { keys: [contentKeys.specialDeal(lang, id)], prefixes: [contentKeys.specialDeals(lang)] };
    case "slider":
      return { keys: [contentKeys.sliders(lang)], prefixes: [] };
    case "doctor":
      return {
        keys: uris.flatMap((uri) => [contentKeys.doctorByUri(lang, uri), contentKeys.redirect("doctor", lang, uri)]),
        prefixes: [contentKeys.doctors(lang)],
      };
    case "faq":
      return { keys: [], prefixes: [contentKeys.faqs(lang)] };
    case "page":
      // A text page's "uri" is its route-table name (ADR 061).
      return { keys: uris.map((name) => contentKeys.textPage(lang, name)), prefixes: [] };
    case "about-life":
      return { keys: [contentKeys.aboutLifeArticle(lang, id)], prefixes: [contentKeys.aboutLife(lang)] };
    case "package":
      return { keys: [], prefixes: [contentKeys.packages(lang)] };
  }
}

/** Whether the page at `path` is the item's own (a sub-treatment's under any treatment, a doctor's by a uri it has or had). */
function isItemPage({ kind, id }: Item, uris: Set<string>, path: string): boolean {
  const found = routeAt(path);
  if (!found) return false;
  const { route, params } = found;
  if (kind === "page") return route.kind === "page" && uris.has(route.page ?? "");
  // A category has no page: its id is no post's.
  if (kind === "category" || route.page !== KIND_PAGES[kind]) return false;
  if (kind === "subTreatment") return route.kind === "sub-detail" && params.subId === String(id);
  if (kind === "doctor") return route.kind === "slug-detail" && uris.has(params.slug ?? "");
  return route.kind === "detail" && params.id === String(id);
}

/**
 * Everything a change made stale, in each language where the item is or was public (its page in
 * one names the others as alternates): its own keys and pages, those of the items that show part
 * of it (`related`), the lists and the home page that show them. Nothing else.
 */
export function staleAfter(change: ContentChange): Stale {
  // A restore (or a publish of what was already public) changed no public answer: nothing is stale.
  if (!change.languages.length && !change.related.length) return { keys: [], prefixes: [], pages: () => false };
  const langs = [...new Set([...change.languages, ...Object.keys(change.uris), ...Object.keys(change.oldUris)])].filter(isLang);
  const uris = new Set([...Object.values(change.uris), ...Object.values(change.oldUris)]);
  const items: Item[] = [{ kind: change.kind, id: change.id }, ...change.related];
  const kinds = new Set(items.map((item) => item.kind));

  const keys = new Set<string>();
  const prefixes = new Set<string>();
  const lists = new Set<string>();
  for (const lang of langs) {
    const own = [change.uris[lang], change.oldUris[lang]].filter((uri): uri is string => Boolean(uri));
    for (const item of items) {
      const stale = cacheKeys(item, lang, item === items[0] ? own : []);
      stale.keys.forEach((key) => keys.add(key));
      stale.prefixes.forEach((prefix) => prefixes.add(prefix));
      const list = KIND_PAGES[item.kind];
      const listPath = list && ownPath(getPage(list)!, lang);
      if (listPath) lists.add(listPath);
      if (ON_HOME.has(item.kind)) lists.add(`/${lang}`);
    }
  }

  const pages = (path: string) => {
    // "About life" exists in a language only with an article (ADR 063): the first or last one there
    // changes every page's menu in that language, and the list's hreflang in every language.
    if (change.kind === "about-life" && routeAt(path)?.route.page === "about-life" && routeAt(path)?.route.kind === "page") return true;
    const lang = languageOfPath(path);
    if (!lang || !langs.includes(lang)) return false;
    // Every page's header lists the treatments: a treatment's title or uri is on all of them.
    if (change.kind === "treatment" || change.kind === "about-life") return true;
    if (lists.has(path)) return true;
    // A package (ADR 064) is on its treatment's page, the deals list and the pages of deals that name it.
    if (kinds.has("package") && ["treatments", "special-deals"].includes(routeAt(path)?.route.page ?? "")) return true;
    // A sub-treatment's options are on its treatment's page and its siblings' pages.
    if (kinds.has("subTreatment") && routeAt(path)?.route.page === "treatments") return true;
    return items.some((item) => isItemPage(item, uris, path));
  };
  return { keys: [...keys], prefixes: [...prefixes], pages };
}

/** Drops what a change made stale from this instance's content cache and kept pages. */
export function applyContentChange(
  target: { content: Pick<AppLoadContext["content"], "forget" | "forgetPrefix">; pageCache: Pick<AppLoadContext["pageCache"], "drop"> },
  change: ContentChange,
) {
  const stale = staleAfter(change);
  for (const key of stale.keys) target.content.forget(key);
  for (const prefix of stale.prefixes) target.content.forgetPrefix(prefix);
  target.pageCache.drop(stale.pages);
}

/**
 * After a publish, unpublish, delete or restore made here (the editor's actions call it with the
 * API's answer): this instance's next page shows it, and the others are told (REDIS_URL); without
 * Redis, or with a message lost, they show it once their content cache's entry is older than
 * FRESH_MS (README, "Content freshness").
 */
export function contentChanged(context: Pick<AppLoadContext, "content" | "pageCache" | "changes">, change: ContentChange) {
  applyContentChange(context, change);
  context.changes.announce({ kind: "content", change });
}
