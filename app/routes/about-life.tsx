import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BlogCard, ContentSections, OfferCallout, PageHeader, pageMeta } from "~/components/page-kit";
import {
  aboutLifePaths,
  breadcrumbTrail,
  buildPageMeta,
  getAllAboutLife,
  getPageText,
  getT,
  itemListJsonLd,
  pageRoute,
  pathFor,
  requireRouteOr404,
  throwApiFailure,
  toArticleCard,
  withNotFound,
} from "./about-life.server";

export const meta = pageMeta;

/**
 * A language's "About life" articles, newest first (ADR 063). The page exists only while the
 * language has one (onlyWithItems, ADR 060): otherwise the localized 404, which suggests the blog.
 * Its hreflang and the language switcher name only the languages that have articles.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page, lang } = pageRoute("about-life", request);
  const [paths, articles] = await Promise.all([aboutLifePaths(context), getAllAboutLife(context, lang)]).catch(throwApiFailure);
  const path = await withNotFound(lang, "blog", async () => requireRouteOr404(articles.length ? (paths[lang] ?? null) : null));
  const [t, text] = await Promise.all([getT(lang), getPageText(page.name, lang)]);
  const title = t(page.pageTitle);
  const cards = articles.map((article) => toArticleCard(article, lang));
  return {
    meta: await buildPageMeta(context.config.siteUrl, lang, { title, description: text.metaDescription, paths }),
    languagePaths: paths,
    breadcrumbs: await breadcrumbTrail(lang, page),
    jsonLd: itemListJsonLd(
      context.config.siteUrl,
      cards.map((card) => ({ name: card.title, path: card.path })),
      { whole: { name: title, path } },
    ),
    title,
    text,
    cards,
    offerPath: pathFor("get-an-offer", lang)!,
  };
}

export default function AboutLifePage() {
  const { title, text, cards, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={text.lead} />
      <div className="container page-body">
        <section aria-labelledby="about-life-heading">
          <h2 id="about-life-heading" className="visually-hidden">
            {t("aboutLife.articles")}
          </h2>
          <ul className="blog-grid">
            {cards.map((card, i) => (
              <li key={card.id}>
                <BlogCard post={card} heading="h3" lazy={i >= 3} />
              </li>
            ))}
          </ul>
        </section>
        <ContentSections sections={text.sections} />
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
