import type { ActionFunctionArgs } from "@remix-run/node";
import type { ConsentIntent } from "~/lib/site/consent.server";
import type { PlainPageKey } from "~/lib/platform/http/plain-page.server";
import { safeRedirectPath } from "~/lib/platform/safe-redirect";
import { consentHeader, data, nextConsent, plainPage, readConsent, refusalStatus, redirect } from "./consent.server";

const intents = new Set<ConsentIntent>(["accept", "reject", "save", "reset"]);

const refuse = (request: Request, status: 400 | 403, key: PlainPageKey) =>
  new Response(plainPage(new URL(request.url).pathname, key), { status, headers: { "Content-Type": "text/html; charset=utf-8" } });

/**
 * Plain form posts from the banner and the footer, so consent works without JavaScript. Another
 * site cannot set a visitor's choice: its posts are refused by their origin (ADR 010; a token would
 * keep first visits out of the page cache, since the banner is on every page).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (context.crossSite) return refuse(request, 403, "forbidden");
  // Posted with JavaScript and refused before it was read: the banner stays, to be answered again.
  if (context.refusal) return data(null, { status: refusalStatus(context.refusal) });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // Not a form at all (JSON, broken multipart): nothing to act on.
    return refuse(request, 400, "badRequest");
  }
  const intent = String(form.get("intent")) as ConsentIntent;
  const back = safeRedirectPath(form.get("redirectTo"));
  if (!intents.has(intent)) return redirect(back, 303);
  const consent = nextConsent(intent, form, await readConsent(context, request));
  return redirect(back, { status: 303, headers: { "Set-Cookie": await consentHeader(context, consent) } });
}

export async function loader() {
  return redirect("/", 303);
}
