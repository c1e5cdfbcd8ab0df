import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance, type i18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18nOptions from "~/i18n";
import i18next from "~/i18next.server";
import { resources } from "~/lib/locales.server";
import { assertLoaderDataSettled, settleLoaderData } from "~/lib/settled-loader-data.server";
import { scriptsInsideBody } from "~/lib/scripts-in-body.server";
import { applyCacheControl } from "~/lib/cache-control.server";
import { isAdminPath } from "~/lib/admin/paths";
import { NonceProvider } from "~/lib/nonce";
import { HtmlOnlyProvider } from "~/lib/html-only";
import { languagePreferenceCookie } from "~/lib/language-preference.server";
import { formValuesFor } from "~/lib/forms/protection.server";
import { responseWithWholeBody } from "~/lib/http/whole-body.server";

/** How long the page's loader data may take to be encoded before the render is given up on. */
const LOADER_DATA_LIMIT_MS = 5_000;
/**
 * Single fetch sends loader data as a turbo-stream, inside the page and in `*.data` answers; a
 * promise in it still pending after this is rejected. Nothing defers, so it never should be; it is
 * kept under LOADER_DATA_LIMIT_MS so such a rejection would reach the page before the render is
 * given up on.
 */
export const streamTimeout = LOADER_DATA_LIMIT_MS - 1_000;

// Rendering only reads translations, and they are bundled: one initialised i18next instance per
// language and set of namespaces serves every render instead of a new one per request.
const renderInstances = new Map<string, Promise<i18n>>();
function renderInstance(lng: string, ns: string[]) {
  const key = `${lng}|${[...ns].sort().join(",")}`;
  let found = renderInstances.get(key);
  if (!found) {
    const instance = createInstance();
    found = instance
      .use(initReactI18next)
      .init({ ...i18nOptions, lng, ns, resources })
      .then(() => instance);
    renderInstances.set(key, found);
  }
  return found;
}

/**
 * A loader or action that threw: one JSON log line through pino, instead of Remix's console.error
 * with a multi-line stack. A request the visitor abandoned is not an error.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // Remix's own answers to a client's mistake (a post to a page without a form: 405) are not faults.
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status < 500) return;
  context.logger.error({ err: error, path: new URL(request.url).pathname }, "loader or action failed");
}

/** Single-fetch data responses (`*.data`, what a client-side navigation loads) are cached like pages. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  applyCacheControl(request, response.status, response.headers);
  return response;
}

/**
 * Stores the language of the page being read, whatever the page (a detail's path is not in the route
 * table), so `/` later answers in it. Only sent when `/` would otherwise lead elsewhere.
 */
async function rememberLanguage(request: Request, lang: string, headers: Headers) {
  const cookie = await languagePreferenceCookie(lang, {
    cookie: request.headers.get("Cookie") ?? undefined,
    "accept-language": request.headers.get("Accept-Language") ?? undefined,
  });
  if (cookie) headers.append("Set-Cookie", cookie);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce || undefined;
  const lang = await i18next.getLocale(request);
  const instance = await renderInstance(lang, i18next.getRouteNamespaces(remixContext));
  // The back office's language is its own cookie's (admin/language.server.ts), not the site's.
  if (responseStatusCode === 200 && !isAdminPath(new URL(request.url).pathname)) await rememberLanguage(request, lang, responseHeaders);
  applyCacheControl(request, responseStatusCode, responseHeaders);

  // Single fetch's loader data, read whole first: the render below then has nothing to wait for.
  const settled = await settleLoaderData(remixContext, LOADER_DATA_LIMIT_MS);
  // One synchronous pass (ADR 028): the page is sent whole anyway (ADR 008), and React's string
  // renderer builds it as text, where the streaming one encoded it to bytes a few at a time. A
  // throw here fails the render as the streaming renderer's shell error did, and Remix renders the
  // error boundary in its place.
  const page = renderToString(
    <NonceProvider value={nonce ?? ""}>
      <I18nextProvider i18n={instance}>
        <HtmlOnlyProvider value={loadContext.htmlOnly}>
          {/* The nonce also goes on the inline scripts that carry the loader data (single fetch). */}
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </HtmlOnlyProvider>
      </I18nextProvider>
    </NonceProvider>,
  );
  assertLoaderDataSettled(remixContext, settled);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The streaming renderer wrote the doctype before <html>; the string renderer leaves it out.
  const html = scriptsInsideBody(Buffer.from(`<!DOCTYPE html>${page}`));
  // Kept for the next visitors of its variant (page-cache.server.ts decides whether it may be).
  void loadContext.pageCache.keep(request, {
    status: responseStatusCode,
    headers: responseHeaders,
    html,
    nonce,
    lang,
    contentFailed: loadContext.content.failed,
    personal: loadContext.render.personal,
    form: loadContext.render.form && { values: loadContext.render.form, renew: formValuesFor },
  });
  return responseWithWholeBody(html, { headers: responseHeaders, status: responseStatusCode });
}
