import { data } from "@remix-run/node";
import { getPageContent } from "~/lib/content.server";
import { csrf, formStamp } from "~/lib/forms/protection.server";
import { buildPageMeta, getT, requireRoute } from "~/lib/page.server";

/** What every form page's loader returns: its text, meta, CSRF token (and cookie) and honeypot. */
export async function loadFormPage<T extends object>(request: Request, extra: (lang: ReturnType<typeof requireRoute>["lang"]) => Promise<T>) {
  const { page, lang } = requireRoute(request);
  const [t, content, [csrfToken, csrfCookie], more] = await Promise.all([
    getT(lang),
    getPageContent(page.name, lang),
    csrf.commitToken(request),
    extra(lang),
  ]);
  const title = t(page.pageTitle);
  return data(
    {
      meta: buildPageMeta(page, lang, title, content.metaDescription),
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
