import { expectNoAxeViolations, LANGS, pathOf, ROUTES, test } from "./fixtures";
import { seeded, subTreatmentPath, treatmentPath } from "./seeded";


for (const { page, lang, path } of ROUTES) {
  test(`axe finds nothing on ${page.name} in ${lang}`, async ({ page: browser }) => {
    await browser.goto(encodeURI(path));
    await expectNoAxeViolations(browser);
  });
}

/** Pages outside the table's own routes: list pages after the first, and detail pages. */
const CONTENT_PAGES = LANGS.flatMap((lang) => {
  const treatment = seeded("treatment", lang)[0];
  const sub = seeded("subTreatment", lang).find((s) => s.parentId === treatment.id)!;
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
