import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListPageLayout } from "~/components/list-page-layout";
import { toBlogCard } from "~/lib/site/cards";
import { getBlogPage, itemListJsonLd, loadListPage } from "./blog.server";
import { BlogCard, pageMeta } from "~/components/page-kit";

export const meta = pageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { lang, items, offset, frame } = await loadListPage(request, context, "blog", (lang, n, size) => getBlogPage(context, lang, n, size));
  const posts = items.map((post) => toBlogCard(post, lang));
  return {
    ...frame,
    jsonLd: itemListJsonLd(
      context.config.siteUrl,
      posts.map((p) => ({ name: p.title, path: p.path })),
      { offset },
    ),
    posts,
  };
}

export default function BlogPage() {
  const { posts, ...frame } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ListPageLayout frame={frame} listId="blog-posts-heading" listLabel={t("blog.posts")}>
      <ul className="blog-grid">
        {posts.map((post, i) => (
          <li key={post.id}>
            <BlogCard post={post} heading="h3" lazy={i >= 3} />
          </li>
        ))}
      </ul>
    </ListPageLayout>
  );
}
