import type { ActionFunctionArgs } from "@remix-run/node";
import { PageErrorReportSchema, refusalStatus } from "./browser-error.server";

/** A page's report is a few KB (report-browser-errors.ts caps its texts); the body guard's cap is the forms'. */
const MAX_BYTES = 16 * 1024;

const answer = (status: number) => new Response(null, { status, headers: { "Cache-Control": "no-store" } });

/**
 * A browser error report (ADR 051): JSON from the site's own pages, checked, scrubbed again,
 * resolved and handed to the API. Junk of any kind is a 4xx; nothing of the sender (address,
 * cookies, User-Agent beyond browser and major version) is kept.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (context.crossSite) return answer(403);
  if (context.refusal) return answer(refusalStatus(context.refusal));
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) return answer(415);
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BYTES) return answer(413);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return answer(400);
  }
  const parsed = PageErrorReportSchema.safeParse(json);
  if (!parsed.success) return answer(400);
  try {
    await context.browserErrors.report(parsed.data, request.headers.get("user-agent") ?? undefined);
  } catch (error) {
    context.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "browser error report not stored");
    return answer(503);
  }
  return answer(202);
}

/** Only posted to. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
