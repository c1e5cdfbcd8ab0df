import { dialOf } from "~/lib/forms/built-form-schema";
import { FORMS_KEY, FORMS_PAGE } from "~/lib/forms/built-form-paths";
import type { ContentContext } from "~/lib/platform/api/content.server";
import { isNotFound } from "~/lib/platform/api/errors";
import { PublicFormItemSchema, PublishedFormListSchema, type PublicForm, type PublishedForm } from "~/lib/platform/api/forms-contract";
import { throwApiFailure } from "~/lib/platform/api/unavailable.server";
import { requireRouteOr404 } from "~/lib/site/page.server";
import { routeAtUrlPath, type Lang } from "~/lib/site/route-table";

/** Every published form page, in every language (ADR 065): the list pages, their hreflang and the sitemap read it. */
export function getPublishedForms({ content }: ContentContext): Promise<PublishedForm[]> {
  return content.cached(`${FORMS_KEY}list`, async () => (await content.api.getJson("forms", {}, PublishedFormListSchema)).result.data);
}

/** The form a language's slug shows (or showed: its `slug` is then the current one), or a bare 404. */
export async function getFormPage({ content }: ContentContext, lang: Lang, slug: string): Promise<PublicForm> {
  const found = await content
    .cached(`${FORMS_KEY}page:${lang}:${slug}`, async () => (await content.api.getJson("forms/page", { lang, slug }, PublicFormItemSchema)).result)
    .catch((error: unknown) => (isNotFound(error) ? null : throwApiFailure(error)));
  return requireRouteOr404(found);
}

/**
 * The built form a page's path shows now (its current slug: an old one only redirects), with the
 * names of its fields, for its funnel (ADR 054): null for any other path, or when the forms cannot be
 * read just now (the event is then not counted; a page view still is, without its form).
 */
export async function builtFormAtPath(context: ContentContext, pathname: string): Promise<{ formId: number; fields: Set<string> } | null> {
  const found = routeAtUrlPath(pathname);
  const slug = found?.params.slug;
  if (found?.route.page !== FORMS_PAGE || found.route.kind !== "slug-detail" || !slug) return null;
  const lang = found.route.lang as Lang;
  try {
    // The list first (one cached read): a made-up slug costs no call to the API.
    const published = (await getPublishedForms(context)).find((form) => form.lang === lang && form.slug === slug);
    if (!published) return null;
    const form = await getFormPage(context, lang, slug);
    const fields = form.definition.fields.flatMap((field) => (field.type === "phone" ? [field.key, dialOf(field.key)] : [field.key]));
    return { formId: form.formId, fields: new Set(fields) };
  } catch {
    return null;
  }
}
