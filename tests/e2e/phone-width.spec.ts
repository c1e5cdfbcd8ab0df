import { expect, LANGS, test } from "./fixtures";
import { PAGE_TYPES } from "./page-types";

/**
 * No page is wider than a 360 px phone, in any language. A phone widens its layout viewport to the
 * widest content: one French button label ("Pourquoi nos patients nous choisissent") made the whole
 * home page scroll sideways, and the fixed header stretch past the screen with it. Once per page
 * type, in every language it exists in (the words of one language did it), and without JavaScript:
 * the width is the stylesheet's doing. The js-off project alone runs this file.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

for (const { type, path } of PAGE_TYPES) {
  test.describe(type, () => {
    // The missing page's own status is the one error its console shows.
    if (type === "404") test.use({ allowedConsoleErrors: [/status of 404/] });
    test("no language makes the page wider than a 360 px phone", async ({ page }) => {
      for (const lang of LANGS) {
        const target = path(lang);
        if (!target) continue;
        await page.goto(encodeURI(target));
        expect(await page.evaluate(() => document.documentElement.scrollWidth), target).toBeLessThanOrEqual(360);
      }
    });
  });
}
