import type { AppLoadContext } from "@remix-run/node";
import { ApiError } from "~/lib/platform/api/errors";

/**
 * Asks the API for a reset link for this address and mails it when there is one. The caller answers
 * the same either way (no user enumeration); both ways make the same API call, and a mail is only
 * a local write, so the answer's timing says nothing either. False only when the API is unavailable.
 */
export async function requestResetLink(context: AppLoadContext, email: string): Promise<boolean> {
  try {
    const mail = await context.staffApi.requestPasswordReset(email);
    if (mail) await context.mail.passwordReset(mail);
    return true;
  } catch (error) {
    if (error instanceof ApiError) {
      context.logger.warn({ kind: error.kind }, "admin: no password reset link: the API did not answer");
      return false;
    }
    throw error;
  }
}

/** Sets the password with a link's token: "done", "link" (used, expired, unknown), "rejected" (the password rule) or "unavailable". */
export async function setPasswordWithLink(context: AppLoadContext, token: string, password: string): Promise<"done" | "link" | "rejected" | "unavailable"> {
  try {
    const result = await context.staffApi.usePasswordReset(token, password);
    if (result.ok) return "done";
    return result.code === "invalid_reset_link" ? "link" : "rejected";
  } catch (error) {
    if (error instanceof ApiError) return "unavailable";
    throw error;
  }
}
