import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SectionNav } from "~/components/section-nav";
import { documentPath, ownPaths, pathFor, sectionLinks } from "~/lib/site/route-table";
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
    // The same text as a file, through the route that counts its downloads (ADR 052).
    download: documentPath(page, lang),
  };
}

export default function ContentPage() {
  const { title, align, content, related, offerPath, download } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={content.lead} align={align} />
      <div className="container page-body">
        <article className="prose">
          <ContentSections sections={content.sections} />
          {download ? (
            <p className="document-download">
              <a href={download} download>
                {t("documents.download")}
              </a>
            </p>
          ) : null}
        </article>
        <SectionNav links={related} />
      </div>
      {offerPath ? <OfferCallout to={offerPath} /> : null}
    </>
  );
}
