import type { ActionFunctionArgs } from "@remix-run/node";
import { NO_STORE, readBeacon, recordPageView } from "./analytics-event.server";

const answer = (status: number) => new Response(null, { status, headers: NO_STORE });

/**
 * POST /analytics/event: a page view sent with JavaScript (page-view-reporter.tsx, ADR 050). The body
 * was read within its cap before Remix (body-guard.server.ts); another site's page posting here with
 * the visitor's cookies is refused by its origin, as the consent form is (ADR 010).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (context.crossSite) return answer(403);
  const outcome = await recordPageView(context, request, await readBeacon(request));
  return answer(outcome === "invalid" ? 400 : 204);
}

export function loader() {
  return new Response(null, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}
