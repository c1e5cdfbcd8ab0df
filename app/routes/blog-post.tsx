import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { blogPostView, CATEGORY, getBlogPost, loadDetailPage, requireRouteOr404 } from "./blog-post.server";
import { ApiImage, IMAGE_SIZES, OfferCallout, PageHeader, pageMeta, RichText } from "~/components/page-kit";

export const meta = pageMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { item, lang, path, languagePaths } = await loadDetailPage(request, "blog", params.id, async (lang, id) => {
    const post = await getBlogPost(context, lang, id);
    // The blog endpoint also holds testimonials (category 3); they have no page of their own.
    return requireRouteOr404(post.categoryId === CATEGORY.blog ? post : null);
  });
  return blogPostView(context.config.siteUrl, item, lang, path, languagePaths);
}

export default function BlogPostPage() {
  const { post, blogPath, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={post.title} lead={post.summary}>
        <p className="post-meta">
          <time dateTime={post.date.iso}>{post.date.label}</time>
          <span>{t("blog.by", { author: post.author })}</span>
          {post.category ? <span>{post.category}</span> : null}
        </p>
      </PageHeader>
      <div className="container page-body">
        <article className="prose">
          <ApiImage className="content-image" image={post.image} priority sizes={IMAGE_SIZES.content} />
          <RichText html={post.body} />
          <p className="post-back">
            <Link to={blogPath}>{t("blog.allPosts")}</Link>
          </p>
        </article>
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
