import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE, recordPageView } from "./analytics-pixel.server";

/** A transparent 1x1 GIF. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * GET /analytics/pixel.gif?p=/en/page: a page view without JavaScript, from the page's <noscript>
 * image (ADR 050). No referrer and no visit id: the page that names it may be a kept page, the same
 * for every visitor; the API starts a visit after 30 minutes without one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = new URL(request.url).searchParams.get("p");
  const outcome = await recordPageView(context, request, { url: page });
  if (outcome === "invalid") return new Response(null, { status: 400, headers: NO_STORE });
  return new Response(GIF, { headers: { ...NO_STORE, "Content-Type": "image/gif", "Content-Length": String(GIF.byteLength) } });
}
