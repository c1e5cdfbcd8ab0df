import { data, type AppLoadContext } from "@remix-run/node";
import { getPageText } from "~/lib/site/page-text.server";
import { formConstraint } from "~/lib/forms/constraint.server";
import { startCountry } from "~/lib/forms/choices";
import type { FormName } from "~/lib/forms/form-checks";
import { KEPT_FORM_HEADER, keptFormHeader } from "~/lib/forms/kept-form";
import { buildPageMeta, getT, type PageRoute } from "~/lib/site/page.server";
import { ownPaths, type Lang } from "~/lib/site/route-table";

/** What every form page's loader returns: its text, meta, CSRF token (and cookie), honeypot, its fields' constraints and the country it starts at. */
export async function loadFormPage<T extends object>(
  request: Request,
  context: Pick<AppLoadContext, "forms" | "config">,
  { page, lang }: PageRoute,
  formName: FormName,
  extra: (lang: Lang) => Promise<T>,
) {
  const [t, content, form, more] = await Promise.all([
    getT(lang),
    getPageText(page.name, lang),
    context.forms.values(request.headers.get("Cookie")),
    extra(lang),
  ]);
  const title = t(page.pageTitle);
  return data(
    {
      meta: await buildPageMeta(context.config.siteUrl, lang, { title, description: content.metaDescription, paths: ownPaths(page) }),
      title,
      align: page.pageTitleAlign,
      content,
      csrf: form.values.csrf,
      honeypot: form.honeypot,
      constraint: formConstraint(formName),
      formCountry: startCountry(page),
      ...more,
    },
    {
      headers: {
        ...(form.setCookie ? { "Set-Cookie": form.setCookie } : {}),
        // The token and the stamp are this visitor's: a kept copy of the page gets the next visitor's own (kept-form.ts).
        [KEPT_FORM_HEADER]: keptFormHeader(form.values),
      },
    },
  );
}
