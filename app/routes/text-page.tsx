import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SectionNav } from "~/components/section-nav";
import { getTextPage, sharedPageRoute, textPageView, throwApiFailure } from "./text-page.server";
import { OfferCallout, PageHeader, pageMeta, RichText } from "~/components/page-kit";

export const meta = pageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page, lang } = sharedPageRoute(request);
  // The words are content (ADR 061), published per language; the route table keeps the URLs.
  const text = await getTextPage(context, lang, page.name).catch(throwApiFailure);
  return textPageView(context.config.siteUrl, page, lang, text);
}

export default function TextPageRoute() {
  const { title, align, lead, body, related, offerPath, download, downloadType } = useLoaderData<Awaited<ReturnType<typeof textPageView>>>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={lead} align={align} />
      <div className="container page-body">
        <article className="prose text-page-body">
          <RichText html={body} />
          {download ? (
            <p className="document-download">
              <a href={download} download>
                {t(downloadType === "pdf" ? "documents.downloadPdf" : "documents.download")}
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
