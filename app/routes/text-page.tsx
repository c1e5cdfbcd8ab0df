import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SectionNav } from "~/components/section-nav";
import { ownPaths, pathFor, sectionLinks } from "~/lib/site/route-table";
import { buildPageMeta, getPageText, getT, sharedPageRoute } from "./text-page.server";
import { ContentSections, OfferCallout, PageHeader, pageMeta } from "~/components/page-kit";

export const meta = pageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page, lang } = sharedPageRoute(request);
  const [t, content] = await Promise.all([getT(lang), getPageText(page.name, lang)]);
  const title = t(page.pageTitle);
  return {
    meta: await buildPageMeta(context.config.siteUrl, lang, { title, description: content.metaDescription, paths: ownPaths(page) }),
    title,
    align: page.pageTitleAlign,
    content,
    related: sectionLinks(page, lang),
    offerPath: page.name.startsWith("get-an-offer") ? null : pathFor("get-an-offer", lang),
  };
}

export default function ContentPage() {
  const { title, align, content, related, offerPath } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={title} lead={content.lead} align={align} />
      <div className="container page-body">
        <article className="prose">
          <ContentSections sections={content.sections} />
        </article>
        <SectionNav links={related} />
      </div>
      {offerPath ? <OfferCallout to={offerPath} /> : null}
    </>
  );
}
