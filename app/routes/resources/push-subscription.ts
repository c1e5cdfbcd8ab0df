import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handlePushForm, refusalStatus } from "./push-subscription.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /push/subscription: a browser's web push opt-in or opt-out, posted by the push script
 * (push-opt-in.client.ts, ADR 058) as a plain form. Another site's page posting here with the
 * visitor's cookies is refused by its origin, as the consent form is (ADR 010).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (context.crossSite) return new Response(null, { status: 403, headers: NO_STORE });
  if (context.refusal) return new Response(null, { status: refusalStatus(context.refusal), headers: NO_STORE });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return new Response(null, { status: 400, headers: NO_STORE });
  }
  return new Response(null, { status: await handlePushForm(context, request, form), headers: NO_STORE });
}

/** GET: the public key browsers subscribe with (the same for every visitor). */
export function loader({ context }: LoaderFunctionArgs) {
  return Response.json({ publicKey: context.push.publicKey }, { headers: { "Cache-Control": "public, max-age=300" } });
}
