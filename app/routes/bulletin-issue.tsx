import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NextIssueSignup, PageHeader, pageMeta, RichText } from "~/components/page-kit";
import {
  breadcrumbTrail,
  buildPageMeta,
  formatDate,
  getArchivedIssue,
  getT,
  isoDay,
  issuePath,
  ownPath,
  pageRoute,
  requireId,
  requireRouteOr404,
  sanitizeRichText,
  throwApiFailure,
  withNotFound,
} from "./bulletin-issue.server";

export const meta = pageMeta;

/**
 * A published bulletin (ADR 060): its title, the date it was sent, its body as the site sanitizes
 * every rich text, and the list's sign-up. Only in its own language (an issue is written for one
 * list); the API gives nothing of who it was sent to.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { page, lang } = pageRoute("bulletin-archive", request);
  const issue = await withNotFound(lang, "newsletter", async () => {
    const found = await getArchivedIssue(context, requireId(params.slug)).catch(throwApiFailure);
    return requireRouteOr404(found.list === lang && String(found.id) === params.slug ? found : null);
  });
  const path = issuePath(lang, issue.id)!;
  const t = await getT(lang);
  const date = formatDate(lang, issue.sentAt);
  return {
    meta: await buildPageMeta(context.config.siteUrl, lang, {
      title: issue.title,
      description: t("bulletinArchive.issueDescription", { date }),
      paths: { [lang]: path },
      type: "article",
    }),
    languagePaths: { [lang]: path },
    breadcrumbs: await breadcrumbTrail(lang, page, { name: issue.title, path }),
    lang,
    issue: { title: issue.title, date: { iso: isoDay(issue.sentAt), label: date }, body: sanitizeRichText(issue.body) },
    archivePath: requireRouteOr404(ownPath(page, lang)),
  };
}

export default function BulletinIssuePage() {
  const { lang, issue, archivePath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={issue.title}>
        <p className="post-meta">
          <time dateTime={issue.date.iso}>{issue.date.label}</time>
        </p>
      </PageHeader>
      <div className="container page-body">
        <article className="prose">
          <RichText html={issue.body} />
          <p className="post-back">
            <Link to={archivePath}>{t("bulletinArchive.all")}</Link>
          </p>
        </article>
        <NextIssueSignup lang={lang} id="issue-newsletter" />
      </div>
    </>
  );
}
