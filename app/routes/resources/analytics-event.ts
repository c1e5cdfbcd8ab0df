import type { ActionFunctionArgs } from "@remix-run/node";
import { isFormBeacon, NO_STORE, readBeacon, recordBrowserFormEvent, recordPageView } from "./analytics-event.server";

const answer = (status: number) => new Response(null, { status, headers: NO_STORE });

/**
 * POST /analytics/event: a page view sent with JavaScript (site-view-reporter.tsx, ADR 050), or what
 * the visitor did with a lead form (use-form-funnel.ts, ADR 054): one path, one cap, one limit. The body
 * was read within its cap before Remix (body-guard.server.ts); another site's page posting here with
 * the visitor's cookies is refused by its origin, as the consent form is (ADR 010).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (context.crossSite) return answer(403);
  const body = await readBeacon(request);
  const outcome = isFormBeacon(body) ? await recordBrowserFormEvent(context, request, body) : await recordPageView(context, request, body);
  return answer(outcome === "invalid" ? 400 : 204);
}

export function loader() {
  return new Response(null, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}
