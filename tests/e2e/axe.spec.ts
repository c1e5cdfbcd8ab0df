import { expectNoAxeViolations, ROUTES, test } from "./fixtures";


for (const { page, lang, path } of ROUTES) {
  test(`axe finds nothing on ${page.name} in ${lang}`, async ({ page: browser }) => {
    await browser.goto(encodeURI(path));
    await expectNoAxeViolations(browser);
  });
}

test.describe("the 404 page", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  for (const path of ["/en/no-such-page", "/ar/غير-موجود"]) {
  test(`axe finds nothing on the 404 page ${path}`, async ({ page }) => {
    await page.goto(encodeURI(path));
    await expectNoAxeViolations(page);
  });
}
});
