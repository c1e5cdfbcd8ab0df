import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, test, vi } from "vitest";
import { createContentCache } from "~/lib/platform/cache.server";
import { createSiteCookies } from "~/lib/platform/cookies.server";
import { createFormProtection } from "~/lib/forms/protection.server";
import { createLogger } from "~/lib/platform/logger.server";
import { OutboxUnavailableError, type Lead } from "~/lib/platform/outbox/outbox.server";
import { action } from "~/routes/contact";

/*
 * A lead form's action gets its outbox from the load context (server.ts makes the real one), so it
 * can be run here with a real Request and an outbox that only records what it is handed.
 */

const SECRET = "a-test-secret-of-thirty-two-chars";
const cookies = createSiteCookies({ secure: false, secret: SECRET });
const forms = createFormProtection({ secret: SECRET, cookie: cookies.csrf, minFillSeconds: 2 });

/** A contact form as the page renders it and a visitor fills it in, with its CSRF cookie. */
async function filledContactForm(path: string) {
  const [token, setCookie] = await forms.csrf.commitToken(new Request(`http://site${path}`));
  // Rendered a minute ago, so the minimum fill time has passed.
  const stamp = forms.stamp.inputProps(Date.now() - 60_000);
  const body = new URLSearchParams({
    name: "Awa Test",
    email: "awa@example.org",
    phone: "+33 6 12 34 56 78",
    subject: "Hair transplant",
    message: "Bonjour, combien de jours à Istanbul ?",
    privacyConsent: "on",
    csrf: token,
    [stamp.nameFieldName]: "",
    [stamp.validFromFieldName!]: stamp.encryptedValidFrom,
  });
  return new Request(`http://site${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: setCookie!.split(";")[0] },
    body,
  });
}

function contextWith(outbox: AppLoadContext["outbox"]): AppLoadContext {
  const unusedApi = { get: () => Promise.reject(new Error("the contact form reads no content")) } as never;
  return {
    cspNonce: "",
    crossSite: false,
    refusal: null,
    config: { siteUrl: "http://site", analytics: null },
    cookies,
    forms,
    content: createContentCache().forRequest(unusedApi).content,
    media: unusedApi,
    outbox,
    pageCache: { clear: () => undefined, drop: () => undefined },
    changes: { announce: () => undefined },
    logger: createLogger(undefined, "silent"),
    clientIp: "127.0.0.1",
    staff: null,
    staffSessions: unusedApi,
    staffApi: unusedApi,
    outboxAdmin: unusedApi,
    mail: unusedApi,
    mailbox: unusedApi,
    downloads: unusedApi,
    browserErrors: unusedApi,
    analytics: unusedApi,
    formEvents: unusedApi,
    newsletter: unusedApi,
    bulletins: unusedApi,
    mailWebhookSecret: null,
    push: unusedApi,
  };
}

describe("the contact form's action, with a fake outbox in its context", () => {
  test("hands the visitor's lead to the outbox, in the page's language, and redirects back with a toast", async () => {
    const handed: [string, Lead][] = [];
    const outbox = { enqueue: vi.fn((lang: string, lead: Lead) => (handed.push([lang, lead]), Promise.resolve("lead-1"))) };
    const response = (await action({ request: await filledContactForm("/fr/contact"), params: {}, context: contextWith(outbox) })) as Response;

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/fr/contact");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
    expect(handed).toEqual([
      [
        "fr",
        {
          kind: "contactForm",
          payload: expect.objectContaining({
            languageCode: "fr",
            formType: "contact",
            name: "Awa Test",
            email: "awa@example.org",
            phone: "+33612345678",
            subject: "Hair transplant",
            message: "Bonjour, combien de jours à Istanbul ?",
            privacyConsent: true,
          }),
        },
      ],
    ]);
  });

  test("an outbox that cannot store the lead gets the form back (503) with what was typed, and no redirect", async () => {
    const outbox = {
      enqueue: vi.fn(() => {
        throw new OutboxUnavailableError("disk full");
      }),
    };
    // Not a redirect: the action answers with data() (single fetch), its status in the init.
    const answer = (await action({ request: await filledContactForm("/en/contact"), params: {}, context: contextWith(outbox) })) as unknown as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: { status: number };
    };

    expect(outbox.enqueue).toHaveBeenCalledTimes(1);
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer.init.status).toBe(503);
    const { result } = answer.data;
    expect(result.error[""]).toEqual(["saveFailed"]);
    expect(result.initialValue).toMatchObject({ name: "Awa Test", email: "awa@example.org" });
  });
});
