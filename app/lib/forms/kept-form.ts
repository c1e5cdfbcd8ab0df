import type { FormValues } from "~/lib/forms/protection.server";

/**
 * How a form page's loader tells the page cache which values in it are its visitor's own (the CSRF
 * token and the form stamp), so that a kept copy gets the next visitor's in their place: a response
 * header, which the route's `headers` (forms/headers.ts) passes on to the document's answer and the
 * server reads and removes before the answer leaves (http/keep-page.server.ts). No browser sees it.
 */
export const KEPT_FORM_HEADER = "X-Kept-Form";

/** The header's value: both are base64 or base64url, with no space in them. */
export const keptFormHeader = ({ csrf, stamp }: FormValues) => `${csrf} ${stamp}`;

/** The values a header names, or undefined for an answer that names none (or names them badly). */
export function keptFormOf(value: string | null): FormValues | undefined {
  const [csrf, stamp, ...rest] = (value ?? "").split(" ");
  return csrf && stamp && rest.length === 0 ? { csrf, stamp } : undefined;
}
