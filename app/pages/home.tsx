import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentSections } from "~/components/content-sections";
import { PageHeader } from "~/components/page-header";
import { getPageContent } from "~/lib/content.server";
import { pageMeta } from "~/lib/meta";
import { buildPageMeta, getT, requireRoute } from "~/lib/page.server";
import { pathFor } from "~/lib/route-table";
import { siteConfig } from "~/site-config";

export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, lang } = requireRoute(request);
  const [t, content] = await Promise.all([getT(lang), getPageContent("home", lang)]);
  return json({
    meta: buildPageMeta(page, lang, t(page.pageTitle), content.metaDescription),
    heading: t("home.heading", { brand: siteConfig.brand }),
    content,
    offerPath: pathFor("get-an-offer", lang)!,
    howPath: pathFor("how-it-works", lang)!,
  });
}

export default function Home() {
  const { heading, content, offerPath, howPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={heading} lead={content.lead} align="center">
        <div className="hero-actions">
          <Link to={offerPath} className="button button-cta button-large">
            {t("home.primaryCta")}
          </Link>
          <Link to={howPath} className="button button-ghost button-large">
            {t("home.secondaryCta")}
          </Link>
        </div>
      </PageHeader>
      <div className="container page-body home-body">
        <article className="prose">
          <ContentSections sections={content.sections} />
        </article>
      </div>
    </>
  );
}
