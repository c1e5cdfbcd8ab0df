import { expect, LANGS, pathOf, test, translation, type Lang } from "./fixtures";
import { PAGE_TYPES } from "./page-types";

/**
 * No page is wider than a 360 px phone, in any language. A phone widens its layout viewport to the
 * widest content: one French button label ("Pourquoi nos patients nous choisissent") made the whole
 * home page scroll sideways, and the fixed header stretch past the screen with it. Once per page
 * type, in every language it exists in (the words of one language did it), and without JavaScript:
 * the width is the stylesheet's doing. The js-off project alone runs this file.
 *
 * On the same pages at 390 px, the floating WhatsApp button: the language's number, in the
 * inline-end bottom corner (mirrored in Arabic). A plain link and CSS, so no JavaScript is needed.
 * The root renders it alike on every page: each type checks it in one language, in turn, so that
 * every type and every language is checked (a check in each pair added 11 s to the suite).
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const WHATSAPP: Record<Lang, string> = { en: "905329004747", fr: "905329004747", tr: "905329004747", ru: "905339004748", ar: "905359004749" };
const whatsappName = (lang: Lang) => `${translation(lang, "header.whatsapp")} (${translation(lang, "common.opensInNewTab")})`;

PAGE_TYPES.forEach(({ type, path }, typeIndex) => {
  const available = LANGS.filter((lang) => path(lang) !== null);
  const buttonLang = available[typeIndex % available.length];
  test.describe(type, () => {
    // The missing page's own status is the one error its console shows.
    if (type === "404") test.use({ allowedConsoleErrors: [/status of 404/] });
    test("no language makes the page wider than a 360 px phone; at 390 px the WhatsApp button is the language's", async ({ page }) => {
      for (const lang of LANGS) {
        const target = path(lang);
        if (!target) continue;
        await page.goto(encodeURI(target));
        expect(await page.evaluate(() => document.documentElement.scrollWidth), target).toBeLessThanOrEqual(360);
        if (lang !== buttonLang) continue;

        await page.setViewportSize({ width: 390, height: 844 });
        const button = page.getByRole("link", { name: whatsappName(lang), exact: true });
        await expect(button, target).toHaveAttribute("href", `https://wa.me/${WHATSAPP[lang]}`);
        await expect(button).toHaveAttribute("target", "_blank");
        await expect(button).toHaveAttribute("rel", "noopener noreferrer");
        const box = (await button.boundingBox())!;
        expect(844 - (box.y + box.height), target).toBeLessThan(40);
        expect(lang === "ar" ? box.x : 390 - (box.x + box.width), target).toBeLessThan(40);
        await page.setViewportSize({ width: 360, height: 740 });
      }
    });
  });
});

/** What the browser would hand a tap at the centre and at the inline-end edge of each control: the control (or its label). */
async function uncovered(page: import("@playwright/test").Page, controls: string) {
  return page.evaluate((selector) => {
    const rtl = document.documentElement.dir === "rtl";
    const missed: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (!el.checkVisibility() || el.getBoundingClientRect().width < 8) continue;
      // The bottom of the screen is where the button sits: each control is brought there in turn.
      el.scrollIntoView({ block: "end", inline: "nearest" });
      const r = el.getBoundingClientRect();
      const y = r.top + r.height / 2;
      for (const x of [r.left + r.width / 2, rtl ? r.left + 4 : r.right - 4]) {
        const hit = document.elementFromPoint(x, y);
        const labels = [...((el as HTMLInputElement).labels ?? [])];
        if (!hit || !(el === hit || el.contains(hit) || labels.some((label) => label.contains(hit)))) {
          missed.push(
            `${el.tagName} ${el.getAttribute("name") ?? el.textContent?.trim()} at ${Math.round(x)},${Math.round(y)}: ${hit?.outerHTML.slice(0, 80)}`,
          );
        }
      }
    }
    return missed;
  }, controls);
}

for (const lang of ["en", "ar"] as Lang[]) {
  test(`on a 390 px phone the ${lang} WhatsApp button covers no control of the offer form or of the consent banner`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(pathOf("get-an-offer", lang)!);
    expect(await uncovered(page, ".consent-banner button, .consent-banner summary")).toEqual([]);
    await page.getByRole("button", { name: translation(lang, "consent.rejectAll") }).click();
    await expect(page.locator(".consent-banner")).toHaveCount(0);
    const form = "main form :is(input:not([type=hidden]), select, textarea, button):not([aria-hidden=true])";
    // The send button comes last: once it shows, the whole form is there to count.
    await expect(page.getByRole("button", { name: translation(lang, "forms.send") })).toBeVisible();
    expect(await page.locator(form).count()).toBeGreaterThan(8);
    expect(await uncovered(page, form)).toEqual([]);
  });
}
