import type { AppLoadContext } from "@remix-run/node";
import { slugDetailPath, type Lang } from "~/lib/site/route-table";

/** The route table's page of the built forms (ADR 065): a list per language, each form under it by its slug. */
export const FORMS_PAGE = "forms";

/** A published form's public path in a language: /{lang}/{forms slug}/{form slug}. */
export const formPath = (lang: Lang, slug: string) => slugDetailPath(FORMS_PAGE, lang, slug);

/** The content cache's keys of the built forms: one prefix for all. */
export const FORMS_KEY = "built-forms:";

/**
 * After a publish or an unpublish: the forms' cache entries and every kept page, in every language.
 * The forms' pages, and the rest too: an edited menu may name the forms' list, which exists only
 * where a form is published (ADR 062, pages-with-items.server.ts). Publishing a form is rare.
 */
export function applyFormsChange(target: { content: Pick<AppLoadContext["content"], "forgetPrefix">; pageCache: Pick<AppLoadContext["pageCache"], "clear"> }) {
  target.content.forgetPrefix(FORMS_KEY);
  target.pageCache.clear();
}

/** After a change saved here: this instance at once, the others told (REDIS_URL). */
export function formsChanged(context: Pick<AppLoadContext, "content" | "pageCache" | "changes">) {
  applyFormsChange(context);
  context.changes.announce({ kind: "forms" });
}
