import { createCookie } from "@remix-run/node";
import { cookieOptions } from "~/lib/platform/http/cookie-options";
import { siteConfig } from "~/site-config";

/** The visitor's last language, so `/` and unknown paths answer in it. */
export const LANGUAGE_COOKIE = "lng";
/** The cookie-consent choice. */
export const CONSENT_COOKIE = `consentDetails_${siteConfig.consentSettingsName}`;
/** The back office's language (en or tr), apart from the public site's `lng`: staff switch it in the admin header. */
export const STAFF_LANGUAGE_COOKIE = "admin_lng";
/** The form token's cookie; only form pages read it (the page cache lets it through for that reason). */
export const CSRF_COOKIE = "csrf";

export interface CookieConfig {
  /** `Secure` on every cookie (config.server.ts: production behind an https SITE_URL). */
  secure: boolean;
  /** Signs the cookies a visitor must not write themselves (the toast, the form token). */
  secret: string;
}

/**
 * The site's cookies, made once with the configuration by services.server.ts and handed to loaders
 * and actions through the load context (`context.cookies`). Code that only asks whether one came
 * along uses its name above.
 */
export function createSiteCookies({ secure, secret }: CookieConfig) {
  const common = cookieOptions(secure);
  return {
    language: createCookie(LANGUAGE_COOKIE, { ...common, maxAge: 60 * 60 * 24 * 365 }),
    consent: createCookie(CONSENT_COOKIE, { ...common, maxAge: 60 * 60 * 24 * 180 }),
    staffLanguage: createCookie(STAFF_LANGUAGE_COOKIE, { ...common, maxAge: 60 * 60 * 24 * 365 }),
    /**
     * The one-time message after a post/redirect/get (toast.server.ts). Signed: a cookie set by anyone
     * else (another site's script on a shared domain, a crafted request) is ignored instead of
     * putting its text on the page. Long enough for the redirect to be followed, short enough not to
     * greet a visitor days later.
     */
    toast: createCookie("toast", { ...common, maxAge: 60, secrets: [secret] }),
    /** The CSRF token's (forms/protection.server.ts), for the session. */
    csrf: createCookie(CSRF_COOKIE, { ...common, secrets: [secret] }),
  };
}

export type SiteCookies = ReturnType<typeof createSiteCookies>;
