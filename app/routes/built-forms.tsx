import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentSections, PageHeader, pageMeta } from "~/components/page-kit";
import { ownPath } from "~/lib/site/route-table";
import {
  breadcrumbTrail,
  buildPageMeta,
  formListPaths,
  formPath,
  getPageText,
  getPublishedForms,
  getT,
  pageRoute,
  requireRouteOr404,
  throwApiFailure,
  withNotFound,
} from "./built-forms.server";

export const meta = pageMeta;

/**
 * A language's published built forms (ADR 065). The page exists only while the language has one
 * (the route table's onlyWithItems): otherwise the localized 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page, lang } = pageRoute("forms", request);
  const all = await getPublishedForms(context).catch(throwApiFailure);
  const paths = formListPaths(all, (l) => ownPath(page, l));
  await withNotFound(lang, "contact", async () => requireRouteOr404(paths[lang] ?? null));
  const [t, text] = await Promise.all([getT(lang), getPageText(page.name, lang)]);
  const title = t(page.pageTitle);
  return {
    meta: await buildPageMeta(context.config.siteUrl, lang, { title, description: text.metaDescription, paths }),
    languagePaths: paths,
    breadcrumbs: await breadcrumbTrail(lang, page),
    title,
    text,
    forms: all.filter((form) => form.lang === lang).map((form) => ({ id: form.formId, title: form.title, path: formPath(lang, form.slug)! })),
  };
}

export default function BuiltFormsPage() {
  const { title, text, forms } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={text.lead} />
      <div className="container page-body">
        <section className="prose" aria-labelledby="built-forms-heading">
          <h2 id="built-forms-heading">{t("builtForm.list")}</h2>
          <ul>
            {forms.map((form) => (
              <li key={form.id}>
                <Link to={form.path}>{form.title}</Link>
              </li>
            ))}
          </ul>
          <ContentSections sections={text.sections} />
        </section>
      </div>
    </>
  );
}
