import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (docs/api-contract.md, "Mail webhook"). */
export const SIGNATURE_HEADER = "x-mail-signature";
/** A report older (or further ahead) than this is refused: a captured call cannot be replayed later. */
export const MAX_SKEW_SECONDS = 300;
/** A report is one small JSON object. */
export const MAX_REPORT_BYTES = 4 * 1024;

/** What the mail service reports of one address: a complaint, or a bounce (only a hard one counts). */
export const MailReportSchema = z
  .object({
    type: z.enum(["complaint", "bounce"]),
    email: z.string().trim().toLowerCase().email().max(200),
    bounceType: z.enum(["hard", "soft"]).optional(),
  })
  .strict();

/**
 * Whether `header` signs `body` with `secret` within MAX_SKEW_SECONDS of `nowMs`. The digests are
 * compared in constant time; anything malformed is simply false.
 */
export function checkSignature(secret: string, header: string | null, body: string, nowMs: number): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec((header ?? "").trim());
  if (!match) return false;
  const at = Number(match[1]);
  if (Math.abs(nowMs / 1000 - at) > MAX_SKEW_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2], "hex"));
}
