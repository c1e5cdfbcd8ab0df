import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentSections } from "~/components/content-sections";
import { OfferCallout } from "~/components/offer-callout";
import { PageHeader } from "~/components/page-header";
import { getPageContent } from "~/lib/content.server";
import { pageMeta } from "~/lib/meta";
import { buildPageMeta, getT, requireRoute } from "~/lib/page.server";
import { childPages, getPage, ownPath, pathFor } from "~/lib/route-table";

export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, lang } = requireRoute(request);
  const [t, content] = await Promise.all([getT(lang), getPageContent(page.name, lang)]);
  const title = t(page.pageTitle);
  // A section's pages are listed on the section page and on each of its sub-pages.
  const sectionName = page.parent ?? page.name;
  const siblings = childPages(sectionName, lang);
  const related = siblings.length
    ? [getPage(sectionName), ...siblings].flatMap((p) => {
        const path = p && ownPath(p, lang);
        return path ? [{ name: p.name, path, current: p.name === page.name }] : [];
      })
    : [];
  return json({
    meta: buildPageMeta(page, lang, title, content.metaDescription),
    title,
    align: page.pageTitleAlign,
    content,
    related,
    offerPath: page.name.startsWith("get-an-offer") ? null : pathFor("get-an-offer", lang),
  });
}

export default function ContentPage() {
  const { title, align, content, related, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={content.lead} align={align} />
      <div className="container page-body">
        <article className="prose">
          <ContentSections sections={content.sections} />
        </article>
        {related.length ? (
          <nav className="section-nav" aria-label={t("page.inThisSection")}>
            <h2>{t("page.inThisSection")}</h2>
            <ul>
              {related.map((r) => (
                <li key={r.name}>
                  <Link to={r.path} aria-current={r.current ? "page" : undefined}>
                    {t(`titles.${r.name}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      {offerPath ? <OfferCallout to={offerPath} /> : null}
    </>
  );
}
