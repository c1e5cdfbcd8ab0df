import { data, type AppLoadContext } from "@remix-run/node";
import { getPageText } from "~/lib/page-text.server";
import { csrf, formStamp } from "~/lib/forms/protection.server";
import { buildPageMeta, getT, type PageRoute } from "~/lib/page.server";
import { ownPaths, type Lang } from "~/lib/route-table";

/** What every form page's loader returns: its text, meta, CSRF token (and cookie) and honeypot. */
export async function loadFormPage<T extends object>(
  request: Request,
  context: Pick<AppLoadContext, "render">,
  { page, lang }: PageRoute,
  extra: (lang: Lang) => Promise<T>,
) {
  // The token and the stamp are this visitor's: the page is never kept for another (page-cache.server.ts).
  context.render.personal = true;
  const [t, content, [csrfToken, csrfCookie], more] = await Promise.all([
    getT(lang),
    getPageText(page.name, lang),
    csrf.commitToken(request),
    extra(lang),
  ]);
  const title = t(page.pageTitle);
  return data(
    {
      meta: buildPageMeta(lang, { title, description: content.metaDescription, paths: ownPaths(page) }),
      title,
      align: page.pageTitleAlign,
      content,
      csrf: csrfToken,
      honeypot: formStamp.inputProps(),
      ...more,
    },
    { headers: csrfCookie ? { "Set-Cookie": csrfCookie } : {} },
  );
}
