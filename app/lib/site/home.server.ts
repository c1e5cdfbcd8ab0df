import type { AppLoadContext } from "@remix-run/node";
import {
  getBlogPage,
  getHighlightedTreatments,
  getSliders,
  getSpecialDealsPage,
  getTestimonialsPage,
  type ContentContext,
} from "~/lib/platform/api/content.server";
import { throwApiFailure } from "~/lib/platform/api/unavailable.server";
import { toBlogCard, toDealCard, toTestimonialCard, toTreatmentCard } from "~/lib/site/cards";
import { getPage, itemPath, ownPath, pathFor, type Lang } from "~/lib/site/route-table";

/** How many items each home section shows. Highlighted treatments leave room for an "all" tile. */
export const HOME_COUNTS = { treatments: 7, deals: 3, testimonials: 3, posts: 3 } as const;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(promise: Promise<T>): Promise<Outcome<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * The home page's content from the API. Each section stands alone: when one read fails (and the
 * cache has nothing stale for it) that section is left out and the rest still render. Only when
 * every read fails does the page answer 503, like any other page whose content is unavailable.
 * The teasers are the cards the list pages build (cards.ts); the home page only draws them smaller.
 */
export async function loadHomeSections(context: ContentContext & Pick<AppLoadContext, "logger">, lang: Lang) {
  // The blog has no page of its own in some languages (tr): no teasers pointing nowhere there.
  const hasBlog = ownPath(getPage("blog")!, lang) !== null;
  const [sliders, treatments, deals, testimonials, posts] = await Promise.all([
    settle(getSliders(context, lang)),
    settle(getHighlightedTreatments(context, lang, HOME_COUNTS.treatments)),
    settle(getSpecialDealsPage(context, lang, 1, HOME_COUNTS.deals)),
    settle(getTestimonialsPage(context, lang, 1, HOME_COUNTS.testimonials)),
    hasBlog ? settle(getBlogPage(context, lang, 1, HOME_COUNTS.posts)) : Promise.resolve(null),
  ]);
  const outcomes = [sliders, treatments, deals, testimonials, posts].filter((o) => o !== null);
  const failures = outcomes.filter((o) => !o.ok);
  if (failures.length === outcomes.length) throwApiFailure(failures[0].error);
  for (const failure of failures) context.logger.warn({ err: String(failure.error) }, "home: a section's content is unavailable");

  return {
    slides: sliders.ok
      ? sliders.value.flatMap((s) => {
          const path = pathFor(s.linkPage, lang);
          return path ? [{ id: s.id, title: s.title, subtitle: s.subtitle, image: s.image, linkLabel: s.linkLabel, path }] : [];
        })
      : [],
    treatments: treatments.ok ? treatments.value.map((item) => toTreatmentCard(item, lang)) : [],
    deals: deals.ok ? deals.value.items.map((deal) => toDealCard(deal, lang)) : [],
    testimonials: testimonials.ok
      ? testimonials.value.items.map((item) => ({ ...toTestimonialCard(item), path: itemPath("testimonials", lang, item.uri, item.id)! }))
      : [],
    posts: posts?.ok ? [...posts.value.items].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).map((post) => toBlogCard(post, lang)) : [],
  };
}
