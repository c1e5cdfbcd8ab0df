import { readFileSync } from "node:fs";
import { expect, expectNoAxeViolations, LANGS, pathOf, PAGES, ROUTES, test } from "./fixtures";
import { listPath, seeded } from "./seed-content";
import { seeded as seededItem, subTreatmentPath, treatmentPath } from "./seeded";


for (const { page, lang, path } of ROUTES) {
  test(`axe finds nothing on ${page.name} in ${lang}`, async ({ page: browser }) => {
    await browser.goto(encodeURI(path));
    await expectNoAxeViolations(browser);
  });
}

// A doctor's page in every language that has a doctors page (the list itself is in ROUTES).
const doctorSlug = JSON.parse(readFileSync(new URL("../../app/content/doctors/doctors.json", import.meta.url), "utf8")).doctors[0].slug;
const doctorsPage = PAGES.find((p) => p.name === "doctors")!;
for (const lang of LANGS.filter((l) => doctorsPage.slugs[l] !== undefined)) {
  test(`axe finds nothing on a doctor's page in ${lang}`, async ({ page }) => {
    await page.goto(encodeURI(`${pathOf("doctors", lang)}/${doctorSlug}`));
    await expectNoAxeViolations(page);
  });
}

/** Pages outside the table's own routes: list pages after the first, and detail pages. */
const CONTENT_PAGES = LANGS.flatMap((lang) => {
  const treatment = seededItem("treatment", lang)[0];
  const sub = seededItem("subTreatment", lang).find((s) => s.parentId === treatment.id)!;
  return [
    { name: "treatments page 2", lang, path: `${pathOf("treatments", lang)}?page=2` },
    { name: "treatment detail", lang, path: treatmentPath(lang, treatment) },
    { name: "sub-treatment detail", lang, path: subTreatmentPath(lang, sub) },
  ];
});

for (const { name, lang, path } of CONTENT_PAGES) {
  test(`axe finds nothing on the ${name} in ${lang}`, async ({ page }) => {
    await page.goto(encodeURI(path));
    await expectNoAxeViolations(page);
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

// Every form page in every language, with its errors showing: the state a visitor must read most carefully.
test.describe("form pages showing their errors", () => {
  // A refused post answers 400; Chromium logs that as a console error.
  test.use({ allowedConsoleErrors: [/status of 40[03]/] });
  const FORM_MODULES = new Set(["contact", "offer", "register", "career"]);
  for (const { page: tablePage, lang, path } of ROUTES.filter((r) => FORM_MODULES.has(r.page.module))) {
    test(`axe finds nothing on ${tablePage.name} in ${lang} with errors shown`, async ({ page }) => {
      await page.goto(encodeURI(path));
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const form = page.locator("main form[method=post]").filter({ has: page.locator("input[name=csrf]") });
      await form.locator("button[type=submit]").last().click();
      await expect(form.locator("[aria-invalid=true]").first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
