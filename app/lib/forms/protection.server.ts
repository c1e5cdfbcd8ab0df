import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { config } from "~/config.server";

/**
 * Anonymous forms still get a CSRF token (docs/decisions/004): a lead posted from another site in a
 * visitor's name would reach the provider as if the visitor sent it.
 */
export const csrf = new CSRF({
  cookie: createCookie("csrf", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    secrets: [config.formSecret],
  }),
  formDataKey: "csrf",
  secret: config.formSecret,
});

export const honeypot = new Honeypot({ encryptionSeed: config.formSecret });

export type Rejection = "csrf" | "spam";

/** Checks a posted form; returns why it is refused, or null. */
export async function checkProtection(formData: FormData, request: Request): Promise<Rejection | null> {
  try {
    honeypot.check(formData);
    await csrf.validate(formData, request.headers);
    return null;
  } catch (error) {
    if (error instanceof SpamError) return "spam";
    if (error instanceof CSRFError) return "csrf";
    throw error;
  }
}
