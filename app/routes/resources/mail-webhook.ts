import type { ActionFunctionArgs } from "@remix-run/node";
import { checkSignature, MailReportSchema, MAX_REPORT_BYTES, refusalStatus, SIGNATURE_HEADER } from "./mail-webhook.server";

const answer = (status: number) => new Response(null, { status, headers: { "Cache-Control": "no-store" } });

/**
 * POST /mail/webhook: the mail service reports a bounce or a complaint (ADR 057). Signed with
 * MAIL_WEBHOOK_SECRET (HMAC-SHA256 of the raw body with a timestamp); an unsigned, badly signed or
 * stale call is a 401 and changes nothing. Off (404) while no secret is set. Posted by a server, so
 * no Origin check (ADR 010): the signature is its authentication.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const secret = context.mailWebhookSecret;
  if (!secret) return answer(404);
  if (context.refusal) return answer(refusalStatus(context.refusal));
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_REPORT_BYTES) return answer(413);
  const body = await request.text();
  if (Buffer.byteLength(body) > MAX_REPORT_BYTES) return answer(413);
  if (!checkSignature(secret, request.headers.get(SIGNATURE_HEADER), body, Date.now())) return answer(401);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return answer(400);
  }
  const report = MailReportSchema.safeParse(json);
  if (!report.success) return answer(400);
  // A soft bounce (a full mailbox, a server down) says nothing lasting about the address.
  if (report.data.type === "bounce" && report.data.bounceType !== "hard") return answer(204);
  try {
    await context.bulletins.report(report.data.email, report.data.type);
  } catch (error) {
    context.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "mail webhook: report not stored");
    return answer(503);
  }
  return answer(204);
}

/** Only posted to; off without a secret. */
export function loader({ context }: ActionFunctionArgs) {
  if (!context.mailWebhookSecret) return answer(404);
  return new Response(null, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
