import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pathFor, redirect } from "./newsletter-unsubscribe.server";

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * POST /newsletter/unsubscribe?t=…: the one-click unsubscribe of RFC 8058, posted by a mail client
 * or its provider's server (`List-Unsubscribe=One-Click`), with no cookie, no CSRF token and often
 * no Origin, or another site's. So this is the one post the site takes whatever its origin (ADR 056,
 * amending 010): the sealed token in its address is what authenticates it, and all it can do is end
 * the subscription it names. Every other post still gets the origin check.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return plain(400, "Bad request");
  }
  if (form.get("List-Unsubscribe") !== "One-Click") return plain(400, "Bad request");
  const ended = await context.newsletter.oneClick(token).catch((error: unknown) => {
    context.logger.error({ err: error instanceof Error ? error.message : String(error) }, "newsletter: one-click unsubscribe failed");
    return undefined;
  });
  if (ended === undefined) return plain(503, "Try again later");
  if (ended === null) return plain(400, "Unknown link");
  return plain(200, "Unsubscribed");
}

/** Opened in a browser (RFC 8058: a GET changes nothing): the preferences page of the list the link names. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const list = await context.newsletter.listOf(token);
  if (!list) return plain(400, "Unknown link");
  // Percent-encoded: a header carries no Arabic slug as it is.
  return redirect(`${encodeURI(pathFor("newsletter", list)!)}?t=${encodeURIComponent(token)}`, 303);
}
