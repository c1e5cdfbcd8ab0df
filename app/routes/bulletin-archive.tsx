import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentSections, NextIssueSignup, PageHeader, pageMeta } from "~/components/page-kit";
import {
  archivePaths,
  breadcrumbTrail,
  buildPageMeta,
  formatDate,
  getArchive,
  getPageText,
  getT,
  isoDay,
  issuePath,
  pageRoute,
  requireRouteOr404,
  throwApiFailure,
  withNotFound,
} from "./bulletin-archive.server";

export const meta = pageMeta;

/**
 * A language's published bulletins, newest first (ADR 060). The page exists only while the language
 * has one: otherwise the localized 404, which suggests the newsletter's sign-up page. Its hreflang
 * and the language switcher name only the languages that have an archive.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page, lang } = pageRoute("bulletin-archive", request);
  const all = await getArchive(context).catch(throwApiFailure);
  const paths = archivePaths(all);
  await withNotFound(lang, "newsletter", async () => requireRouteOr404(paths[lang] ?? null));
  const [t, text] = await Promise.all([getT(lang), getPageText(page.name, lang)]);
  const title = t(page.pageTitle);
  return {
    meta: await buildPageMeta(context.config.siteUrl, lang, { title, description: text.metaDescription, paths }),
    languagePaths: paths,
    breadcrumbs: await breadcrumbTrail(lang, page),
    title,
    lang,
    text,
    issues: all
      .filter((issue) => issue.list === lang)
      .map((issue) => ({
        id: issue.id,
        title: issue.title,
        path: issuePath(lang, issue.id)!,
        date: { iso: isoDay(issue.sentAt), label: formatDate(lang, issue.sentAt) },
      })),
  };
}

export default function BulletinArchivePage() {
  const { title, lang, text, issues } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={text.lead} />
      <div className="container page-body">
        <section className="prose" aria-labelledby="bulletin-issues-heading">
          <h2 id="bulletin-issues-heading">{t("bulletinArchive.issues")}</h2>
          <ul className="bulletin-archive">
            {issues.map((issue) => (
              <li key={issue.id}>
                <Link to={issue.path}>{issue.title}</Link> <time dateTime={issue.date.iso}>{issue.date.label}</time>
              </li>
            ))}
          </ul>
          <ContentSections sections={text.sections} />
        </section>
        <NextIssueSignup lang={lang} id="archive-newsletter" />
      </div>
    </>
  );
}
