import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BlogCard, blogCardLinks } from "~/components/blog-card";
import { ListPageLayout } from "~/components/list-page-layout";
import { paginationLinks } from "~/components/pagination";
import { getBlogPage } from "~/lib/api/content.server";
import { toResponse } from "~/lib/api/unavailable.server";
import { toBlogCard } from "~/lib/cards";
import { getPageContent } from "~/lib/content.server";
import { buildListMeta, pagedBreadcrumbs, requireExistingPage, requirePageNumber } from "~/lib/list-page.server";
import { PAGE_SIZES } from "~/lib/list-page";
import { pageMeta } from "~/lib/meta";
import { getT, requireRoute } from "~/lib/page.server";
import { pathFor } from "~/lib/route-table";
import { itemListLd } from "~/lib/structured-data.server";

const BLOG_PAGE_SIZE = PAGE_SIZES["blog"];

export const meta = pageMeta;
export const links: LinksFunction = () => [...blogCardLinks, ...paginationLinks];

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, lang } = requireRoute(request);
  const pageNumber = requirePageNumber(request);
  const [t, content, list] = await Promise.all([
    getT(lang),
    getPageContent(page.name, lang),
    getBlogPage(lang, pageNumber, BLOG_PAGE_SIZE).catch(toResponse),
  ]);
  const pageCount = requireExistingPage(pageNumber, list.totalCount, BLOG_PAGE_SIZE);
  const title = t(page.pageTitle);
  const path = pathFor(page.name, lang)!;
  const posts = list.items.map((post) => toBlogCard(post, lang));
  return json({
    meta: await buildListMeta(page, lang, title, content.metaDescription, pageNumber, pageCount),
    breadcrumbs: await pagedBreadcrumbs(page, lang, title, pageNumber, pageCount),
    jsonLd: itemListLd(
      posts.map((p) => ({ name: p.title, path: p.path })),
      (pageNumber - 1) * BLOG_PAGE_SIZE,
    ),
    title,
    lead: content.lead,
    sections: content.sections,
    posts,
    path,
    pageNumber,
    pageCount,
    offerPath: pathFor("get-an-offer", lang)!,
  });
}

export default function BlogPage() {
  const { title, lead, sections, posts, path, pageNumber, pageCount, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ListPageLayout
      title={title}
      lead={lead}
      listId="blog-posts-heading"
      listLabel={t("blog.posts")}
      path={path}
      pageNumber={pageNumber}
      pageCount={pageCount}
      sections={sections}
      offerPath={offerPath}
    >
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
