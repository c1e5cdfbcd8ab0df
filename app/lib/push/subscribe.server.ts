import type { AppLoadContext } from "@remix-run/node";
import { PushSubscribeRequestSchema } from "~/lib/platform/api/push-contract";
import { readConsent } from "~/lib/site/consent.server";
import { pushEndpointAllowed } from "~/lib/push/push-endpoint";

type Context = Pick<AppLoadContext, "cookies" | "push">;

/**
 * A browser's opt-in or opt-out (POST /push/subscription, ADR 058), as a plain form the push
 * script posts: `intent` subscribe (endpoint, p256dh, auth, language, sources) or unsubscribe
 * (endpoint). Only after the visitor allowed functional cookies, and only to a push service's
 * endpoint (push-endpoint.ts). Answers a status alone: nothing of any subscription goes back.
 */
export async function handlePushForm(context: Context, request: Request, form: FormData): Promise<number> {
  const consent = await readConsent(context, request);
  if (!consent?.functionalityCookies) return 403;
  const endpoint = String(form.get("endpoint") ?? "");
  if (!pushEndpointAllowed(endpoint, context.push.allowLoopback)) return 400;
  if (form.get("intent") === "unsubscribe") {
    await context.push.unsubscribe(endpoint);
    return 204;
  }
  const parsed = PushSubscribeRequestSchema.safeParse({
    endpoint,
    keys: { p256dh: form.get("p256dh"), auth: form.get("auth") },
    language: form.get("language"),
    sources: form.getAll("source").slice(0, 3),
  });
  if (!parsed.success || form.get("intent") !== "subscribe") return 400;
  await context.push.subscribe(parsed.data);
  return 204;
}
