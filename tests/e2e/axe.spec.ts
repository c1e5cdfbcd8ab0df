import { expectNoAxeViolations, LANGS, ROUTES, test } from "./fixtures";
import { listPath, seeded } from "./seed-content";


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

// Detail pages from the API: one post and one deal in every language that has them.
for (const lang of LANGS) {
  const post = seeded(lang, "blog")[0];
  const deal = seeded(lang, "special-deals")[0];
  for (const [name, path] of [
    ["a blog post", post.path],
    ["the blog's page 2", listPath("blog", lang) && `${listPath("blog", lang)}?page=2`],
    ["a special deal", deal.path],
  ] as const) {
    if (!path) continue;
    test(`axe finds nothing on ${name} in ${lang}`, async ({ page }) => {
      await page.goto(encodeURI(path));
      await expectNoAxeViolations(page);
    });
  }
}
