import type { LoaderFunctionArgs } from "@remix-run/node";

/** A transparent 1x1 GIF. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const NO_STORE = { "Cache-Control": "no-store, private", "X-Robots-Tag": "noindex" };

/**
 * GET /mail/open/:token: a bulletin's open pixel, in its HTML part only while the owner counts opens
 * (ADR 057 amended). A forged or altered token is a bare 404 and counts nothing; otherwise the image,
 * whatever the API said (a mail client shows no error page), never kept by a cache, so each fetch is
 * asked. Only GET counts: a HEAD (a link checker) is answered alike and counts nothing.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  let known: boolean;
  try {
    known = request.method === "GET" ? await context.bulletins.opened(token) : context.bulletins.isOpenToken(token);
  } catch (error) {
    // The API was away: the open is lost, the reader sees nothing of it.
    context.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "bulletin open: not counted");
    known = true;
  }
  if (!known) return new Response(null, { status: 404, headers: NO_STORE });
  return new Response(GIF, { headers: { ...NO_STORE, "Content-Type": "image/gif", "Content-Length": String(GIF.byteLength) } });
}
