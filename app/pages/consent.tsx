import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { consentHeader, nextConsent, readConsent, type ConsentIntent } from "~/lib/consent.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

const intents = new Set<ConsentIntent>(["accept", "reject", "save", "reset"]);

/** Plain form posts from the banner and the footer, so consent works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent")) as ConsentIntent;
  const back = safeRedirectPath(form.get("redirectTo"));
  if (!intents.has(intent)) return redirect(back, 303);
  const consent = nextConsent(intent, form, await readConsent(request));
  return redirect(back, { status: 303, headers: { "Set-Cookie": await consentHeader(consent) } });
}

export async function loader() {
  return redirect("/", 303);
}
