import { createCookie } from "@remix-run/node";
import { config } from "~/config.server";
import { cookieOptions } from "~/lib/http/cookie-options";
import { siteConfig } from "~/site-config";

/** The visitor's last language, so `/` and unknown paths answer in it. */
export const languageCookie = createCookie("lng", {
  ...cookieOptions(config.secureCookies),
  maxAge: 60 * 60 * 24 * 365,
});

/** The cookie-consent choice. */
export const consentCookie = createCookie(`consentDetails_${siteConfig.consentSettingsName}`, {
  ...cookieOptions(config.secureCookies),
  maxAge: 60 * 60 * 24 * 180,
});
