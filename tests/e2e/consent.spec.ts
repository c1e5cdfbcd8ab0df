import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { ANALYTICS_PORT } from "../support/e2e-env.mjs";
import { expect, jsOn, test, translation } from "./fixtures";

const ANALYTICS = `http://127.0.0.1:${ANALYTICS_PORT}`;

async function pageViews(request: APIRequestContext, marker: string) {
  const res = await request.get(`${ANALYTICS}/__hits?dl=${marker}`);
  return (await res.json()) as { en: string; tid: string; dl: string }[];
}

/** Visits a page with a unique marker in its URL, so the analytics double can tell its reports apart. */
async function visit(page: Page, path: string) {
  const marker = randomUUID();
  await page.goto(`${path}?visit=${marker}`);
  return marker;
}

/** Every request the browser sends to the analytics origin from now on. */
function analyticsRequests(page: Page) {
  const sent: string[] = [];
  page.on("request", (req) => {
    if (req.url().startsWith(ANALYTICS)) sent.push(req.url());
  });
  return sent;
}

/** The site's own page views from now on (ADR 050): the beacon's JSON with JavaScript, the pixel's address without. */
function firstPartyViews(page: Page) {
  const sent: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname === "/analytics/event") sent.push(JSON.parse(req.postData() ?? "{}").url);
    if (url.pathname === "/analytics/pixel.gif") sent.push(url.searchParams.get("p")!);
  });
  return sent;
}

/**
 * Waits until the page has done what it does on arrival: loaded (the no-JavaScript pixel loads with
 * it), and with JavaScript hydrated and run the report's effect, which sends on a zero timeout.
 */
async function settled(page: Page, js: boolean) {
  if (!js) return;
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => setTimeout(resolve, 0), 0)));
}

const banner = (page: Page) => page.getByRole("region", { name: translation("en", "consent.title") });

test("without a choice the banner shows and no page view is reported", async ({ page, request }, info) => {
  const sent = analyticsRequests(page);
  const own = firstPartyViews(page);
  const marker = await visit(page, "/en/about-us");
  await expect(banner(page)).toBeVisible();
  await settled(page, jsOn(info.project.name));
  expect(sent).toEqual([]);
  expect(own).toEqual([]);
  expect(await pageViews(request, marker)).toEqual([]);
});

test("reject all hides the banner, reports nothing, and cookie settings bring it back", async ({ page, request }, info) => {
  await visit(page, "/en/about-us");
  await banner(page)
    .getByRole("button", { name: translation("en", "consent.rejectAll") })
    .click();
  await expect(banner(page)).toBeHidden();
  await expect(page).toHaveURL(/\/en\/about-us\?visit=/);

  const sent = analyticsRequests(page);
  const own = firstPartyViews(page);
  const marker = await visit(page, "/en/how-it-works");
  await expect(banner(page)).toBeHidden();
  await settled(page, jsOn(info.project.name));
  expect(sent).toEqual([]);
  expect(own).toEqual([]);
  expect(await pageViews(request, marker)).toEqual([]);

  await page.getByRole("button", { name: translation("en", "footer.cookieSettings") }).click();
  await expect(banner(page)).toBeVisible();
  await expect(page).toHaveURL(/\/en\/how-it-works/);
});

test("accept all reports the page view to the configured provider", async ({ page, request }, info) => {
  await visit(page, "/en/about-us");
  const accepted = firstPartyViews(page);
  await banner(page)
    .getByRole("button", { name: translation("en", "consent.acceptAll") })
    .click();
  await expect(banner(page)).toBeHidden();
  // Accepting reports the page being read, once the reporter is rendered: waited for, so that it is not
  // taken for the next page's on a busy machine.
  await expect.poll(() => accepted).toEqual(["/en/about-us"]);

  const sent = analyticsRequests(page);
  const own = firstPartyViews(page);
  const marker = await visit(page, "/en/why-us");
  // The same wait the tests above rely on sees this report leave: their empty lists mean something.
  await settled(page, jsOn(info.project.name));
  expect(sent.filter((url) => url.includes(marker))).toHaveLength(1);
  // The site's own view too, once, without the query's values (only UTM tags would stay).
  expect(own).toEqual(["/en/why-us"]);
  await expect.poll(() => pageViews(request, marker)).toHaveLength(1);
  const [view] = await pageViews(request, marker);
  expect(view).toMatchObject({ en: "page_view", tid: "G-E2ETEST01" });
});

test("choosing only functionality cookies reports nothing", async ({ page, request }, info) => {
  await visit(page, "/fr/a-propos");
  const choices = page.locator(".consent-choices");
  await choices.locator("summary").click();
  await choices.getByLabel(translation("fr", "consent.functionality")).check();
  await choices.getByRole("button", { name: translation("fr", "consent.save") }).click();
  await expect(page.locator(".consent-banner")).toBeHidden();
  const sent = analyticsRequests(page);
  const marker = await visit(page, "/fr/pourquoi-nous");
  await settled(page, jsOn(info.project.name));
  expect(sent).toEqual([]);
  expect(await pageViews(request, marker)).toEqual([]);
});

test("the banner is translated", async ({ page }) => {
  await page.goto("/ar");
  await expect(page.getByRole("region", { name: translation("ar", "consent.title") })).toBeVisible();
  await expect(page.getByRole("button", { name: translation("ar", "consent.acceptAll") })).toBeVisible();
});
