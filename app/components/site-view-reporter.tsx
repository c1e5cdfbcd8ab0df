import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { ANALYTICS_EVENT_PATH, ANALYTICS_PIXEL_PATH, pathWithUtm } from "~/lib/analytics/paths";

/** The tab's visit: a random id kept for the tab's life (sessionStorage), none where storage is refused. */
function visitId(): string | null {
  try {
    let id = sessionStorage.getItem("visit");
    if (!id) {
      // getRandomValues, not randomUUID: the latter exists only on https.
      id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
      sessionStorage.setItem("visit", id);
    }
    return id;
  } catch {
    return null;
  }
}

const screenClass = () => (window.innerWidth < 640 ? "small" : window.innerWidth < 1024 ? "medium" : "large");

/** Where the visitor came from is the document's referrer on the first page only; later ones are this site's. */
let referrer: string | null = null;

/**
 * Rendered only once the visitor allowed performance and analysis cookies: the site records each
 * page view itself (ADR 050). The server reads who the visitor is from the consent cookie.
 */
export function SiteViewReporter() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const from = referrer === null ? document.referrer : "";
    referrer = from;
    const body = JSON.stringify({ url: pathWithUtm(pathname, search), referrer: from, visit: visitId(), screen: screenClass() });
    navigator.sendBeacon(ANALYTICS_EVENT_PATH, body);
  }, [pathname, search]);
  return null;
}

/** The same without JavaScript: an image of the site's own. */
export function SiteViewPixel({ path }: { path: string }) {
  return (
    <noscript>
      <img className="pixel" src={`${ANALYTICS_PIXEL_PATH}?p=${encodeURIComponent(path)}`} alt="" width="1" height="1" />
    </noscript>
  );
}
