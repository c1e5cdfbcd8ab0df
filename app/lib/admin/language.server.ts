import { createCookie } from "@remix-run/node";
import { parse } from "cookie";
import { StaffLanguageSchema, type StaffLanguage } from "~/lib/api/admin-contract";
import { config } from "~/config.server";
import { cookieOptions } from "~/lib/http/cookie-options";

/** The back office's language (en or tr), apart from the public site's `lng`: staff switch it in the admin header. */
export const staffLanguageCookie = createCookie("admin_lng", {
  ...cookieOptions(config.secureCookies),
  maxAge: 60 * 60 * 24 * 365,
});

/** The cookie's choice, else Turkish for a browser that asks for it first, else English. */
export function staffLanguage(request: Request): StaffLanguage {
  const cookie = parse(request.headers.get("Cookie") ?? "")[staffLanguageCookie.name];
  // createCookie stores values as base64 JSON; read it without a promise: this runs for every admin request.
  if (cookie) {
    try {
      const chosen = StaffLanguageSchema.safeParse(JSON.parse(Buffer.from(cookie, "base64").toString("utf8")));
      if (chosen.success) return chosen.data;
    } catch {
      // A cookie someone else wrote: ignored.
    }
  }
  const first = (request.headers.get("Accept-Language") ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("tr") ? "tr" : "en";
}
