import { createCookie } from "@remix-run/node";
import { config } from "~/config.server";
import { siteConfig } from "~/site-config";

/** The visitor's last language, so `/` and unknown paths answer in it. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: config.secureCookies,
  maxAge: 60 * 60 * 24 * 365,
});

/** The cookie-consent choice. */
export const consentCookie = createCookie(`consentDetails_${siteConfig.consentSettingsName}`, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: config.secureCookies,
  maxAge: 60 * 60 * 24 * 180,
});
