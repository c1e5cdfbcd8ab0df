import { expect, test, translation } from "./fixtures";

// A page of its own: nothing the other tests loaded is in its cache.
test.use({ allowedConsoleErrors: [/status of 503/], freshPage: true });

test("a failed translation load is retried twice, then the page hydrates; each try is keyed by the build's version", async ({ page }) => {
  const requests: string[] = [];
  await page.route("**/locales/fr/common.json*", async (route) => {
    requests.push(route.request().url());
    if (requests.length <= 2) return route.fulfill({ status: 503, body: "unavailable" });
    return route.continue();
  });
  const response = await page.goto("/fr/a-propos");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(requests).toHaveLength(3);
  // The translations are cached for an hour under ?v=: the version Remix's manifest names in the page
  // (production-server.test.ts ties it to the build), so a deploy's new strings are never mistaken for the last one's.
  const manifest = JSON.parse(/window\.__remixManifest = (\{[\s\S]*?\n\});/.exec(await response!.text())![1]) as { version?: string };
  expect(new Set(requests.map((url) => new URL(url).searchParams.get("v")))).toEqual(new Set([manifest.version]));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation("fr", "titles.about-us"));
});

test("when translations never load, the server-rendered page stays usable", async ({ page }) => {
  let requests = 0;
  await page.route("**/locales/**/common.json*", (route) => {
    requests += 1;
    return route.fulfill({ status: 503, body: "unavailable" });
  });
  // The client says when it gives up (after its two retries); hydration would have started by then.
  const gaveUp = page.waitForEvent("console", (msg) => msg.text().includes("Unable to load translation"));
  await page.goto("/fr/a-propos");
  await gaveUp;
  // Three tries of the page's language and of the fallback.
  expect(requests).toBe(6);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation("fr", "titles.about-us"));
  await page
    .getByRole("banner")
    .getByRole("link", { name: translation("fr", "header.getAnOffer"), exact: true })
    .click();
  await expect(page).toHaveURL(/\/fr\/obtenir-une-offre$/);
});
