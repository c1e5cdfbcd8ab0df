import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePage, requireTextPost, sanitizeRichText } from "./content-sanitize.server";

/** Far above any article; a longer text is previewed up to here (saving reports its length). */
const MAX_PREVIEW_CHARS = 200_000;
/** Those characters in UTF-8 (at most 3 bytes each, as JavaScript counts them): the field's cap. */
const MAX_HTML_BYTES = 3 * MAX_PREVIEW_CHARS;

/**
 * Only posted to: opened here (a typed address) by someone who may post to it, it says so rather
 * than show an error; anyone else is answered as on any page they may not open.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  requirePage(request, context, "content-sanitize");
  return new Response("Only POST is allowed here.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The editor's live preview (with JavaScript): the body as the public page would show it, cleaned
 * by the public pages' own sanitizer, so what an editor sees is what the site will print. A resource
 * route: its answer is JSON, and posting here reloads none of the editor's data.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { form } = await requireTextPost(request, context, "content-sanitize", MAX_HTML_BYTES);
  const html = form.get("html");
  if (typeof html !== "string") return Response.json({ error: "html" }, { status: 400 });
  return Response.json({ html: sanitizeRichText(html.slice(0, MAX_PREVIEW_CHARS)) }, { headers: { "Cache-Control": "private, no-store" } });
}
