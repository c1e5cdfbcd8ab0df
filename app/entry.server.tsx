import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance, type i18n } from "i18next";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18nOptions from "~/lib/render/i18n";
import i18next from "~/lib/render/i18next.server";
import { resources } from "~/lib/platform/locales.server";
import { collectRender } from "~/lib/render/collect-html.server";
import { scriptsInsideBody } from "~/lib/render/scripts-in-body.server";
import { applyCacheControl } from "~/lib/render/cache-control.server";
import { isAdminPath } from "~/lib/admin/paths";
import { NonceProvider } from "~/lib/render/nonce";
import { HtmlOnlyProvider } from "~/lib/render/html-only";
import { languagePreferenceCookie } from "~/lib/render/language-preference.server";
import { htmlCities } from "~/lib/forms/cities.server";

/** How long a render may take before React is told to give up on what is still pending. */
const ABORT_DELAY = 5_000;
/**
 * Single fetch sends loader data as a turbo-stream, inside the page and in `*.data` answers; a
 * promise in it still pending after this is rejected. Nothing defers, so it never should be; it is
 * kept under ABORT_DELAY, as Remix's single-fetch guide sets it, so such a rejection would reach the
 * page before the render is given up on.
 */
export const streamTimeout = ABORT_DELAY - 1_000;

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
async function rememberLanguage(request: Request, { cookies }: AppLoadContext, lang: string, headers: Headers) {
  const cookie = await languagePreferenceCookie(cookies.language, lang, {
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
  if (responseStatusCode === 200 && !isAdminPath(new URL(request.url).pathname)) await rememberLanguage(request, loadContext, lang, responseHeaders);
  applyCacheControl(request, responseStatusCode, responseHeaders);

  // React's streaming renderer, as Remix documents it for single fetch: the loader data's scripts
  // (a Suspense boundary) wait for the data, and the page is taken once all of it is there
  // (`onAllReady`), to be sent whole (ADR 008).
  let abortTimer: NodeJS.Timeout | undefined;
  const rendered = new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    let shellReady = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <I18nextProvider i18n={instance}>
          <HtmlOnlyProvider value={{ cities: htmlCities(loadContext.content, lang) }}>
            {/* The nonce also goes on the inline scripts that carry the loader data (single fetch). */}
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </HtmlOnlyProvider>
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellReady = true;
        },
        // A throw while the page is collected fails the request, as a throw in the render does.
        onAllReady: () => collectRender(pipe).then(resolve, reject),
        // Remix renders the error boundary in the page's place, and its handleError logs the error.
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // After the shell (the data scripts failed or were cut off), nothing else reports it; a
          // request the visitor abandoned is not an error (handleError above).
          if (shellReady && !request.signal.aborted)
            loadContext.logger.error({ err: error, path: new URL(request.url).pathname }, "render failed inside the page");
        },
      },
    );
    abortTimer = setTimeout(abort, ABORT_DELAY);
  });
  // The timer holds the whole render (tree, loader data, HTML) until it fires: a page served in
  // 50 ms kept about 1 MB alive for 5 s, which under load was most of the process's memory.
  const whole = await rendered.finally(() => clearTimeout(abortTimer));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const html = scriptsInsideBody(whole);
  // An ordinary Response, the page its own body: a layer that rebuilds it on the way out (an error
  // reporter, tracing) keeps the page. Its length is known, so it need not go out chunked.
  const response = new Response(html, { headers: responseHeaders, status: responseStatusCode });
  response.headers.set("Content-Length", String(html.byteLength));
  return response;
}
