import { describe, expect, test } from "vitest";
import { staffLanguageCookie } from "~/lib/admin/language.server";
import { clearedSessionCookie } from "~/lib/admin/sessions.server";
import { consentCookie, languageCookie } from "~/lib/cookies.server";
import { csrf } from "~/lib/forms/protection.server";
import { redirectWithToast } from "~/lib/toast.server";

describe("the site's cookies", () => {
  // Each is made where it is used; the attributes come from one place (cookie-options.ts), so none
  // can be readable by a page's script or ride along with another site's post while the others are not.
  test("every one is httpOnly, SameSite=Lax and sent on every path", async () => {
    const setCookies = {
      lng: await languageCookie.serialize("en"),
      consent: await consentCookie.serialize({ analytics: false }),
      admin_lng: await staffLanguageCookie.serialize("tr"),
      admin_session: clearedSessionCookie(false),
      toast: (await redirectWithToast("/en", "sent")).headers.get("Set-Cookie"),
      csrf: (await csrf.commitToken())[1],
    };
    for (const [name, setCookie] of Object.entries(setCookies)) {
      const attributes = setCookie?.split("; ").slice(1);
      expect(attributes, name).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax"]));
    }
  });
});
