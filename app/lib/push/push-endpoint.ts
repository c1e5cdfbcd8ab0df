/**
 * Where the site may send a push message (ADR 058). The endpoint comes from a visitor's browser, and
 * the server posts to it: left open, anyone could make the site post to any address, its own
 * network's included. So only https at the push services browsers use is taken; a test's local
 * receiver (http://127.0.0.1) only with PUSH_LOOPBACK_ENDPOINTS=1.
 */
const PUSH_SERVICES = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

export function pushEndpointAllowed(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowLoopback && url.protocol === "http:" && url.hostname === "127.0.0.1") return true;
  return url.protocol === "https:" && url.port === "" && PUSH_SERVICES.some((host) => host.test(url.hostname));
}
