import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { Lang } from "~/lib/site/route-table";

export interface AnalyticsSettings {
  measurementId: string;
  origin: string;
  clientId: string;
}

/** GA4's collection endpoint; no third-party script is loaded for it. */
function collectUrl(analytics: AnalyticsSettings, lang: Lang, pageUrl: string, title: string) {
  const params = new URLSearchParams({
    v: "2",
    tid: analytics.measurementId,
    cid: analytics.clientId,
    en: "page_view",
    dl: pageUrl,
    dt: title,
    ul: lang,
  });
  return `${analytics.origin}/g/collect?${params}`;
}

/** Rendered only once the visitor allowed performance and analysis cookies. */
export function PageViewReporter({ analytics, lang }: { analytics: AnalyticsSettings; lang: Lang }) {
  const location = useLocation();
  useEffect(() => {
    // After the commit, so the title is the new page's.
    const timer = window.setTimeout(() => {
      navigator.sendBeacon(collectUrl(analytics, lang, window.location.href, document.title));
    }, 0);
    return () => window.clearTimeout(timer);
  }, [analytics, lang, location.pathname, location.search]);
  return null;
}

/** The same report for visitors without JavaScript. */
export function PageViewPixel({ analytics, lang, pageUrl }: { analytics: AnalyticsSettings; lang: Lang; pageUrl: string }) {
  return (
    <noscript>
      <img className="pixel" src={collectUrl(analytics, lang, pageUrl, "")} alt="" width="1" height="1" />
    </noscript>
  );
}
