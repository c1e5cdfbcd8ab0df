import type { HeadersFunction } from "@remix-run/node";

/** Form pages carry a per-visitor CSRF token: never cached, and their cookie reaches the browser. */
export const formHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const cookie = actionHeaders.get("Set-Cookie") ?? loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
};
