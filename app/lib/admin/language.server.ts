import { parse } from "cookie";
import { StaffLanguageSchema, type StaffLanguage } from "~/lib/platform/api/admin-contract";
import { STAFF_LANGUAGE_COOKIE } from "~/lib/platform/cookies.server";

/**
 * The back office's language: the cookie's choice (written with `context.cookies.staffLanguage`),
 * else Turkish for a browser that asks for it first, else English.
 */
export function staffLanguage(request: Request): StaffLanguage {
  const cookie = parse(request.headers.get("Cookie") ?? "")[STAFF_LANGUAGE_COOKIE];
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
