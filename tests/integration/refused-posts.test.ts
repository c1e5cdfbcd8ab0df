import { readFileSync } from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import { decode } from "turbo-stream";
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { storedLeads } from "../support/leads";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// A post that express turns away before Remix reads it (the post rate limit, a body over the cap).
// Without JavaScript the visitor gets a short page in their language. With JavaScript the form
// posts to `/{page}.data`, where single fetch reads nothing but its own encoding: the answer must
// be that, or the generic error page replaces the form and what the visitor typed is lost.
let site: Proc;
let browser: Browser;
const dataDir = tempDir("remed-refused-");
beforeAll(async () => {
  const port = await freePort();
  site = await startProcess(
    "build/server.js",
    { PORT: String(port), DATA_DIR: dataDir, RATE_LIMIT_POSTS_PER_MINUTE: "1", FORM_MIN_FILL_SECONDS: "0", LOG_LEVEL: "warn" },
    `http://127.0.0.1:${port}/healthz`,
  );
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const errors = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/common.json`, "utf8")).forms.errors as Record<string, string>;
const leadsFrom = (email: string) => storedLeads(dataDir).filter((lead) => lead.payload.email === email);

/** What the browser's router makes of a single-fetch answer. */
async function singleFetch(res: Response) {
  const decoded = await decode(res.body!);
  await decoded.done;
  return decoded.value as { data?: { result?: { error?: Record<string, string[]> } } };
}

/** This site allows one post a minute from an address: a plain post (a cookie choice) spends it. */
async function spendThePostLimit() {
  const res = await fetch(`${site.url}/consent`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "intent=reject",
    redirect: "manual",
  });
  await res.arrayBuffer();
  expect([303, 429]).toContain(res.status);
}

describe("over HTTP", () => {
  test("a data post over the body cap answers 413 as form data; the same post without JavaScript gets the page", async () => {
    const body = new URLSearchParams({ message: "x".repeat(200 * 1024) }).toString();
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    const js = await fetch(`${site.url}/fr/contact.data`, { method: "POST", headers, body });
    expect(js.status).toBe(413);
    expect((await singleFetch(js)).data?.result?.error).toEqual({ "": ["payloadTooLarge"] });

    const plain = await fetch(`${site.url}/fr/contact`, { method: "POST", headers, body });
    expect(plain.status).toBe(413);
    expect(plain.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await plain.text()).toContain("Envoi trop volumineux");
  });
});

describe("with JavaScript, in the browser", () => {
  for (const { lang, path } of [
    { lang: "en", path: "/en/contact" },
    { lang: "ar", path: `/ar/${encodeURIComponent("اتصل-بنا")}` },
  ]) {
    test(`the ${lang} contact form over the post limit keeps what was typed and says why, in its language; nothing is stored`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      onTestFinished(() => context.close());
      const page = await context.newPage();
      const email = `limited-${lang}-${Date.now()}@example.org`;
      await page.goto(site.url + path);
      await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
      const form = page.locator("#contact-form");
      await form.locator("[name=name]").fill("Awa Diallo");
      await form.locator("[name=email]").fill(email);
      await form.locator("[name=message]").fill("Bonjour, I would like to know the price of a dental implant.");
      await form.locator("[name=privacyConsent]").check();
      await spendThePostLimit();
      const answer = page.waitForResponse((r) => r.request().method() === "POST");
      await form.locator("button.button-cta").click();
      expect((await answer).status()).toBe(429);
      await expect.poll(() => page.locator("#contact-form [role=alert]").textContent()).toBe(errors(lang).rateLimited);
      // The alert has the focus (so a phone shows it), not the first field conform finds in error.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("alert");
      expect(await form.locator("[name=name]").inputValue()).toBe("Awa Diallo");
      expect(await form.locator("[name=email]").inputValue()).toBe(email);
      expect(await form.locator("[name=message]").inputValue()).toBe("Bonjour, I would like to know the price of a dental implant.");
      // Still the contact page, not the error page.
      expect(await page.locator("#contact-form").count()).toBe(1);
      expect(leadsFrom(email)).toEqual([]);
    });
  }

  test("the cookie banner's choice over the limit leaves the page and its banner in place", async () => {
    const context = await browser.newContext();
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto(`${site.url}/tr`);
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    const heading = await page.locator("h1").textContent();
    await spendThePostLimit();
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.locator(".consent-banner button[value=reject]").click();
    expect((await answer).status()).toBe(429);
    // The router has done with the answer, and the home page is still there.
    await page.waitForFunction(
      () => (window as unknown as { __remixRouter: { state: { navigation: { state: string } } } }).__remixRouter.state.navigation.state === "idle",
    );
    expect(await page.locator("h1").textContent()).toBe(heading);
    expect(await page.locator(".consent-banner").count()).toBe(1);
  });
});
