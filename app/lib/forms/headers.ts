import type { HeadersFunction } from "@remix-run/node";
import { KEPT_FORM_HEADER } from "~/lib/forms/kept-form";

/**
 * Form pages carry a per-visitor CSRF token: never cached, and their cookie reaches the browser. The
 * loader's note of that token and stamp goes on to the server, which keeps the page (kept-form.ts).
 */
export const formHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const cookie = actionHeaders.get("Set-Cookie") ?? loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  const keptForm = loaderHeaders.get(KEPT_FORM_HEADER);
  if (keptForm) headers.set(KEPT_FORM_HEADER, keptForm);
  return headers;
};
