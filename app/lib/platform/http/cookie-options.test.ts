import { describe, expect, test } from "vitest";
import { clearedSessionCookie } from "~/lib/admin/sessions.server";
import { createSiteCookies } from "~/lib/platform/cookies.server";
import { createFormProtection } from "~/lib/forms/protection.server";
import { redirectWithToast } from "~/lib/site/toast.server";

const SECRET = "a-test-secret-of-thirty-two-chars";

describe("the site's cookies", () => {
  // Made in two places (cookies.server.ts for the site's, sessions.server.ts for the staff session);
  // the attributes come from one (cookie-options.ts), so none can be readable by a page's script or
  // ride along with another site's post while the others are not.
  test("every one is httpOnly, SameSite=Lax and sent on every path", async () => {
    const cookies = createSiteCookies({ secure: false, secret: SECRET });
    const { csrf } = createFormProtection({ secret: SECRET, cookie: cookies.csrf, minFillSeconds: 2 });
    const setCookies = {
      lng: await cookies.language.serialize("en"),
      consent: await cookies.consent.serialize({ analytics: false }),
      admin_lng: await cookies.staffLanguage.serialize("tr"),
      admin_session: clearedSessionCookie(false),
      toast: (await redirectWithToast({ cookies }, "/en", "sent")).headers.get("Set-Cookie"),
      csrf: (await csrf.commitToken())[1],
    };
    for (const [name, setCookie] of Object.entries(setCookies)) {
      const attributes = setCookie?.split("; ").slice(1);
      expect(attributes, name).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax"]));
    }
  });
});
