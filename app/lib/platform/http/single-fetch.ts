/**
 * Single fetch (remix.config.js): with JavaScript, a navigation loads `/{page}.data` and a form
 * posts to it (`/_root.data` for `/`). Code outside Remix that decides by path (the upload cap, the
 * metrics label, the page cache) reads these the way Remix does.
 */
const SUFFIX = ".data";

export const isDataRequest = (pathname: string) => pathname.endsWith(SUFFIX);

/** The page a request is for: a data request's page, or the path itself. */
export function pagePathOf(pathname: string): string {
  if (!isDataRequest(pathname)) return pathname;
  return pathname === `/_root${SUFFIX}` ? "/" : pathname.slice(0, -SUFFIX.length);
}
