import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ConsentBanner } from "~/components/consent-banner";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { PageViewPixel, PageViewReporter } from "~/components/page-view-reporter";
import { SiteViewPixel, SiteViewReporter } from "~/components/site-view-reporter";
import { pathWithUtm } from "~/lib/analytics/paths";
import type { MenuTreatment } from "~/lib/platform/api/contract";
import { leafData } from "~/lib/render/leaf-data";
import { StructuredData } from "~/components/structured-data";
import { Toasts } from "~/components/toasts";
import { WhatsAppButton } from "~/components/whatsapp-button";
import { defaultLanguage, isLang, languageOfPath, pageOfRoute, textDirection } from "~/lib/site/route-table";
import { tableTrail } from "~/lib/site/breadcrumbs";
import { useNonce } from "~/lib/render/nonce";
import { ReloadOnDataChange } from "~/components/reload-on-data-change";
import stylesheet from "~/styles/site.css";
import { data, getEditedMenus, getMenuTreatments, getSettings, i18next, pagesWithItems, readConsent, readToast } from "./root.server";
import {
  builtInSettings,
  isAdminPath,
  isNotFoundData,
  listenForBrowserErrors,
  NotFoundSuggestions,
  previewLanguage,
  siteConfig,
  suggestedPages,
  useReportedError,
} from "~/components/page-kit";

// In the browser, as the page's modules load and before it hydrates (entry.client.tsx): an error
// while it hydrates is reported too. Here, not in the entry, so the reporter is part of the page
// kit's file instead of a file of its own on every page (ADR 024).
if (typeof document !== "undefined") listenForBrowserErrors();

export const handle = { i18n: ["common"] };

// One stylesheet for every page type (styles/site.css says why).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Pages name their own meta. A page the error boundary answers instead (an unknown post, a page
// number past the end, the API down) must not be indexed (docs/decisions/001), and has its <title>
// here, in <head>: the one its 404 names in its language (page.server.ts notFound), else the brand.
export const meta: MetaFunction = ({ error }) => {
  if (!error) return [];
  const title = isRouteErrorResponse(error) && isNotFoundData(error.data) ? error.data.title : siteConfig.brand;
  return [{ title }, { name: "robots", content: "noindex" }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const found = await i18next.getLocale(request);
  const lang = isLang(found) ? found : defaultLanguage;
  const url = new URL(request.url);
  // A draft's preview is the back office's, in the public look: the menu and footer of its language,
  // but no consent banner or analytics (staff are not visitors).
  const preview = previewLanguage(url.pathname) !== null;
  // The back office shows none of the public chrome: no menu, consent banner or analytics.
  if (isAdminPath(url.pathname) && !preview) {
    const { toast, headers } = await readToast(context, request, "admin");
    return data({ lang, admin: true as const, toast }, { headers });
  }
  const [consent, { toast, headers }, menuTreatments, settings, menus, withItems] = await Promise.all([
    preview ? null : readConsent(context, request),
    // Shown once: the headers expire the cookie in this same response (document or data).
    readToast(context, request, "site"),
    // Without the treatments (API down, nothing cached) the menu shows none, and the page still renders.
    getMenuTreatments(context, lang).catch(() => NO_TREATMENTS),
    // The phone, WhatsApp, address and links of the header and footer, as the back office set them.
    getSettings(context),
    // The language's published header and footer (ADR 062); null: the route table's.
    getEditedMenus(context, lang),
    // The pages that exist only with items ("About life", the bulletins' archive) are in the menus only where they have some (ADR 063).
    pagesWithItems(context, lang),
  ]);
  const { analytics: site, siteUrl } = context.config;
  const analytics = site && consent?.performanceAndAnalysisCookies && consent.clientId ? { ...site, clientId: consent.clientId } : null;
  return data(
    {
      lang,
      admin: false as const,
      // A preview asks for no consent: nothing of it is a visitor's.
      consent: consent
        ? { given: true, performance: consent.performanceAndAnalysisCookies, functionality: consent.functionalityCookies }
        : { given: preview, performance: false, functionality: false },
      analytics,
      // First-party page views (ADR 050): the same for every visitor of this consent state, so a kept page may carry it.
      viewPath: consent?.performanceAndAnalysisCookies && consent.clientId ? pathWithUtm(url.pathname, url.search) : null,
      menuTreatments,
      settings,
      menus,
      withItems,
      toast,
      pageUrl: new URL(url.pathname + url.search, siteUrl).href,
      year: new Date().getFullYear(),
    },
    { headers },
  );
}

export type RootData = typeof loader;

/** A page without the root's data has no treatments in its menu. */
const NO_TREATMENTS: MenuTreatment[] = [];
/** Nor any page that exists only with items. */
const NO_PAGES: string[] = [];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const lang = data?.lang ?? languageOfPath(location.pathname) ?? defaultLanguage;
  useChangeLanguage(lang);
  const nonce = useNonce();
  const { t } = useTranslation();
  // Pages hand their breadcrumbs and schema.org object up through their loader data (leaf-data.ts);
  // a page of the route table that gives no trail has the table's (breadcrumbs.ts).
  const leafMatch = useMatches().at(-1);
  const leaf = leafData(leafMatch?.data);
  const tablePage = pageOfRoute(leafMatch?.id);
  const crumbs = leaf.breadcrumbs ?? (tablePage ? tableTrail(tablePage.page, tablePage.lang, t) : undefined);
  // A lead form shows its own "sent" as its thank-you state (protected-form.tsx); a page that could
  // not load its form (its loader failed after the redirect) still tells the visitor with a toast.
  const toast = data?.toast && !(data.toast.sent && typeof leaf.csrf === "string") ? data.toast : null;
  // Lets tests (and anyone debugging) tell server HTML from the hydrated app.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  if (data?.admin || (!data && isAdminPath(location.pathname) && previewLanguage(location.pathname) === null)) {
    return (
      <html lang={lang} dir="ltr">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex, nofollow" />
          <Meta />
          <Links />
        </head>
        <body className="admin-body">
          <SkipLink />
          {children}
          {data?.toast ? <Toasts toast={data.toast} /> : null}
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
          <LiveReload nonce={nonce} />
        </body>
      </html>
    );
  }
  // Without the root's data (its loader failed) the built-in details still give a usable header and footer.
  const settings = data?.admin === false ? data.settings : builtInSettings();
  // A menu draft's preview shows its own; else the published one; else (null) the route table's.
  const menus = leaf.menuPreview ?? (data?.admin === false ? data.menus : null);
  const withItems = data?.admin === false ? data.withItems : NO_PAGES;
  return (
    <html lang={lang} dir={textDirection(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Nothing paints before the whole body is parsed: a frame painted from a half-parsed page (a
            busy phone's parser yields mid-document) shifted what the rest completed, first the header,
            then, with #main as the mark, the cookie banner below it. The HTML is sent whole
            (docs/decisions/008-html-sent-whole.md), so this costs no time. */}
        <link rel="expect" href="#parsed" blocking="render" />
        {data && !data.admin ? <StructuredData jsonLd={leaf.jsonLd} crumbs={crumbs} origin={new URL(data.pageUrl).origin} nonce={nonce} /> : null}
      </head>
      <body>
        <SkipLink />
        <Header
          lang={lang}
          treatments={data?.admin === false ? data.menuTreatments : NO_TREATMENTS}
          settings={settings}
          items={menus?.header}
          withItems={withItems}
        />
        <main id="main" tabIndex={-1}>
          {crumbs && crumbs.length > 1 ? <Breadcrumbs crumbs={crumbs} /> : null}
          {children}
        </main>
        <Footer lang={lang} year={data?.year ?? new Date().getFullYear()} settings={settings} groups={menus?.footer} withItems={withItems} />
        <WhatsAppButton lang={lang} settings={settings} />
        {toast ? <Toasts toast={toast} /> : null}
        {data?.admin === false && !data.consent.given ? <ConsentBanner /> : null}
        {data?.admin === false && data.viewPath ? (
          <>
            <SiteViewReporter />
            <SiteViewPixel path={data.viewPath} />
          </>
        ) : null}
        {data?.admin === false && data.analytics ? (
          <>
            <PageViewReporter analytics={data.analytics} lang={lang} />
            <PageViewPixel analytics={data.analytics} lang={lang} pageUrl={data.pageUrl} />
          </>
        ) : null}
        {/* The mark the render-blocking link above waits for: everything a visitor sees is above it. */}
        <div id="parsed" hidden />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* Only under `remix dev` (nothing in a production build): the page follows saved edits. */}
        <LiveReload nonce={nonce} />
        <ReloadOnDataChange nonce={nonce} />
      </body>
    </html>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t("header.skipToContent")}
    </a>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  useReportedError(error);
  const { t } = useTranslation();
  const rootData = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const lang = rootData?.lang ?? languageOfPath(location.pathname) ?? defaultLanguage;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const keys: Record<number, string> = { 404: "notFound", 413: "payloadTooLarge", 429: "rateLimited", 503: "unavailable" };
  const key = keys[status] ?? "error";
  // A 404 lists the pages its text promises, the kind of page asked for first.
  const kind = isRouteErrorResponse(error) && isNotFoundData(error.data) ? error.data.kind : undefined;
  // A visitor never sees a stack trace; the server log has it.
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{t(`${key}.title`)}</h1>
          <p className="lead">{t(`${key}.text`)}</p>
        </div>
      </section>
      {status === 404 ? <NotFoundSuggestions links={suggestedPages(lang, kind)} /> : null}
    </>
  );
}
