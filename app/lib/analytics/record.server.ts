import type { AppLoadContext } from "@remix-run/node";
import { BeaconSchema, pageView } from "~/lib/analytics/page-view.server";
import { builtFormAtPath } from "~/lib/forms/built-form-pages.server";

/** Never kept: each answer is for one request, and a kept pixel would record nothing. */
export const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Records a page view when the visitor allowed it, and answers whether the input was one at all:
 * "invalid" (the caller answers 400), else "done", recorded or not (a refusal tells a forger nothing).
 */
export async function recordPageView(
  context: Pick<AppLoadContext, "cookies" | "analytics" | "content">,
  request: Request,
  input: unknown,
): Promise<"done" | "invalid"> {
  const beacon = BeaconSchema.safeParse(input);
  if (!beacon.success) return "invalid";
  const view = await pageView(request, context.cookies, beacon.data);
  if (!("event" in view)) return "done";
  // A built form's page is a view of that form's funnel (ADR 054): which form, the published forms say.
  const built = view.event.form ? null : await builtFormAtPath(context, new URL(beacon.data.url, "http://site.invalid").pathname);
  context.analytics.enqueue(built ? { ...view.event, form: "builtForm", formId: built.formId } : view.event);
  return "done";
}

/** The beacon's body: JSON, or undefined when it is not. */
export async function readBeacon(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text());
  } catch {
    return undefined;
  }
}
