import { createECDH, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";
import { signInAs } from "./admin-fixtures";
import { expect, expectNoAxeViolations, test, translation } from "./fixtures";

// A context of its own: the stand-in for pushManager.subscribe and the notification permission are this test's.
test.use({ freshPage: true });

/**
 * Web push in a real browser (#44, ADR 058). There is no push service here, and Chromium's own
 * subscribe needs one: an init script stands in for pushManager.subscribe with a subscription whose
 * endpoint is this test's receiver and whose keys the test made. The rest is the site's: the opt-in
 * button (after consent, its code loaded on the click), the stored subscription, the admin send page,
 * the outbox's encrypted delivery, the service worker showing what a push message brings, and the
 * footer's button that turns it off again.
 */
test("a browser that turned notifications on gets the admin's notification, decryptable with its keys, its service worker shows one, and it can turn them off", async ({
  page,
  baseURL,
}) => {
  const bodies: Buffer[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks));
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16).toString("base64url");
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/push/${randomBytes(6).toString("hex")}`;
    await page.context().grantPermissions(["notifications"], { origin: baseURL });
    await page.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        // What pushManager.subscribe answers, for the endpoint and keys the test made; getSubscription
        // finds it again on a later page (kept in localStorage), and unsubscribe forgets it.
        const subscription = {
          endpoint,
          toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
          unsubscribe: async () => (localStorage.removeItem("push-test-subscription"), true),
        } as unknown as PushSubscription;
        PushManager.prototype.subscribe = async () => (localStorage.setItem("push-test-subscription", "on"), subscription);
        PushManager.prototype.getSubscription = async () => (localStorage.getItem("push-test-subscription") ? subscription : null);
      },
      { endpoint, p256dh: ecdh.getPublicKey().toString("base64url"), auth },
    );
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });

    // No button before consent; after it, the button, its code not loaded until pressed.
    await page.goto("/en");
    const button = page.getByRole("button", { name: translation("en", "push.button") });
    await expect(page.getByRole("button", { name: translation("en", "consent.acceptAll") })).toBeVisible();
    await expect(button).toHaveCount(0);
    await page.getByRole("button", { name: translation("en", "consent.acceptAll") }).click();
    await expect(button).toBeVisible();
    expect(scripts.filter((url) => /push-opt-in/.test(url))).toEqual([]);
    await page.getByLabel(translation("en", "push.sources.bulletin")).check();
    await button.click();
    await expect(page.getByText(translation("en", "push.subscribed"))).toBeVisible();
    expect(scripts.some((url) => /push-opt-in/.test(url))).toBe(true);

    // The admin writes, previews and confirms a bulletin-source notification in English.
    const title = `Spring deals ${randomBytes(3).toString("hex")}`;
    const body = "Dental care at a spring price";
    await signInAs(page, "owner");
    await page.goto("/admin/notifications/send");
    await page.getByLabel(translation("en", "notifications.source", "admin")).selectOption("2");
    const english = page.locator('fieldset[data-language="en"]');
    await english.getByLabel(translation("en", "notifications.title", "admin")).fill(title);
    await english.getByLabel(translation("en", "notifications.text", "admin")).fill(body);
    await english.getByLabel(translation("en", "notifications.link", "admin")).fill("/deals");
    await page.getByRole("button", { name: translation("en", "notifications.preview", "admin") }).click();
    await expect(page.locator("[data-preview]")).toContainText(body);
    // The preview and its confirmation, the send page's second state, are read by axe too.
    await expectNoAxeViolations(page);
    await page.locator("[data-preview]").getByRole("button").click();
    await expect(page).toHaveURL(/\/admin\/notifications$/);

    // The receiver got it encrypted for this browser's keys (aes128gcm, RFC 8291).
    await expect.poll(() => bodies.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const message = JSON.parse(ece.decrypt(bodies[0], { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString("utf8"));
    expect(message).toMatchObject({ title, body, url: "/deals", lang: "en" });

    // The service worker shows it when the push message reaches it.
    await page.goto("/en");
    const cdp = await page.context().newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL!, registrationId: await registration, data: JSON.stringify(message) });
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body, n.data.url])))
      .toEqual([[title, body, "/deals"]]);

    // Turning it off on the site (ADR 059): the subscription goes at the API, one browser fewer for the bulletin source, and in the browser.
    const bulletinBrowsers = page.locator('tr[data-source="2"] [data-figure="subscribers"]');
    await page.goto("/admin/notifications/sources");
    const before = Number(await bulletinBrowsers.textContent());
    await page.goto("/en");
    await page.getByRole("button", { name: translation("en", "push.turnOff") }).click();
    await expect(page.getByText(translation("en", "push.off"))).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("push-test-subscription"))).toBeNull();
    await page.goto("/admin/notifications/sources");
    await expect(bulletinBrowsers).toHaveText(String(before - 1));
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
