/** Where page views are posted with JavaScript (a beacon, JSON) and loaded without it (a 1x1 GIF); ADR 050. */
export const ANALYTICS_EVENT_PATH = "/analytics/event";
export const ANALYTICS_PIXEL_PATH = "/analytics/pixel.gif";
/** A beacon is four short fields: far under this. */
export const ANALYTICS_BEACON_BYTES = 2048;

const UTM = ["utm_source", "utm_medium", "utm_campaign"] as const;

/** A page's path with only its UTM tags: nothing else of a query string is ever sent or stored. */
export function pathWithUtm(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of UTM) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
