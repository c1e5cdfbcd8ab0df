import type { AppLoadContext } from "@remix-run/node";
import { unexpectedAnswer } from "~/lib/admin/answers.server";
import { staffCall } from "~/lib/admin/guard.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { RecoveryCodesSchema, TwoFactorSetupSchema } from "~/lib/platform/api/admin-contract";
import { errorCode } from "~/lib/platform/api/staff-client.server";
import { redirectWithToast } from "~/lib/site/toast.server";

/*
 * The account page's two-factor steps (ADR 047). Each answers the page's POST with what to show:
 * the secret during setup (as a QR code drawn here, on the server, and as text), the recovery codes
 * once, or an error. The secret is never sent to the browser again once a code confirmed it.
 */
type Shown =
  | { step: "setup"; secret: string; qr: string; error?: string }
  | { step: "codes"; recoveryCodes: string[] }
  | { step: "password"; intent: string; error: string };

async function setupShown(context: AppLoadContext, staff: Staff, error?: string): Promise<Shown> {
  const path = "admin/account/two-factor/setup";
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("POST", path));
  const parsed = TwoFactorSetupSchema.safeParse(answer.data);
  if (answer.status !== 200 || !parsed.success) unexpectedAnswer(context, path, answer);
  return { step: "setup", secret: parsed.data.result.secret, qr: await qrSvg(parsed.data.result.uri), ...(error ? { error } : {}) };
}

/** The otpauth address as an SVG QR code, drawn here on the server (no script, no request). */
export async function qrSvg(uri: string): Promise<string> {
  // Loaded here, when someone sets it up: never by every request.
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
}

export async function twoFactorAction(context: AppLoadContext, staff: Staff, form: FormData): Promise<Shown | Response> {
  const intent = String(form.get("intent") ?? "");
  const api = context.staffApi.as(staff.token);
  if (intent === "two-factor-setup") return setupShown(context, staff);
  if (intent === "two-factor-confirm") {
    const path = "admin/account/two-factor/confirm";
    const answer = await staffCall(context, () => api.send("POST", path, { code: String(form.get("code") ?? "").slice(0, 40) }));
    if (answer.status === 422 && errorCode(answer.data) === "invalid_code") return setupShown(context, staff, "admin:account.twoFactor.wrongCode");
    const parsed = RecoveryCodesSchema.safeParse(answer.data);
    if (answer.status !== 200 || !parsed.success) unexpectedAnswer(context, path, answer);
    return { step: "codes", recoveryCodes: parsed.data.result.recoveryCodes };
  }
  if (intent === "two-factor-disable" || intent === "two-factor-codes") {
    const path = intent === "two-factor-disable" ? "admin/account/two-factor/disable" : "admin/account/two-factor/recovery-codes";
    const answer = await staffCall(context, () => api.send("POST", path, { password: String(form.get("password") ?? "").slice(0, 200) }));
    if (answer.status === 422 && errorCode(answer.data) === "wrong_password")
      return { step: "password", intent, error: "admin:account.twoFactor.wrongPassword" };
    if (intent === "two-factor-disable") {
      if (answer.status !== 204) unexpectedAnswer(context, path, answer);
      return redirectWithToast(context, "/admin/account", "admin:account.twoFactor.disabled");
    }
    const parsed = RecoveryCodesSchema.safeParse(answer.data);
    if (answer.status !== 200 || !parsed.success) unexpectedAnswer(context, path, answer);
    return { step: "codes", recoveryCodes: parsed.data.result.recoveryCodes };
  }
  throw new Response(null, { status: 400 });
}
