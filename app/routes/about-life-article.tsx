import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { articleView, getAboutLifeArticle, loadDetailPage } from "./about-life-article.server";
import { ApiImage, IMAGE_SIZES, OfferCallout, PageHeader, pageMeta, RichText } from "~/components/page-kit";

export const meta = pageMeta;

/** An article about life in Istanbul (ADR 063), in each language it is published in; elsewhere the localized 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { item, lang, path, languagePaths } = await loadDetailPage(request, "about-life", params.id, (lang, id) => getAboutLifeArticle(context, lang, id));
  return articleView(context.config.siteUrl, item, lang, path, languagePaths);
}

export default function AboutLifeArticlePage() {
  const { article, listPath, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={article.title} lead={article.summary}>
        <p className="post-meta">
          <time dateTime={article.date.iso}>{article.date.label}</time>
        </p>
      </PageHeader>
      <div className="container page-body">
        <article className="prose">
          {article.image ? <ApiImage className="content-image" image={article.image} priority sizes={IMAGE_SIZES.content} /> : null}
          <RichText html={article.body} />
          <p className="post-back">
            <Link to={listPath}>{t("aboutLife.allArticles")}</Link>
          </p>
        </article>
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
