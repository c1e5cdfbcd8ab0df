import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, jsOn, LANGS, pathOf, test, translation, type Lang } from "./fixtures";
import { seeded, treatmentPath } from "./backend-seed";
import { layoutShift, scrollThrough } from "./layout-shift";

const t = (lang: Lang, key: string) => translation(lang, key);
const section = (page: Page, lang: Lang, titleKey: string) => page.getByRole("region", { name: t(lang, titleKey), exact: true });
/** The home's static sections (locales/{lang}/pages.json): the steps, then the reasons. */
const homeText = (lang: Lang): { heading: string; items: string[] }[] =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/pages.json`, import.meta.url), "utf8")).home.sections;

for (const lang of LANGS) {
  test(`the ${lang} home shows each section's seeded content, and every link on it answers 200`, async ({ page, request, baseURL }, info) => {
    test.skip(info.project.name === "phone", "the same markup as the desktop projects");
    // Without JavaScript the server's HTML is all there is: checked in English and Arabic (left to right, right to left).
    test.skip(!jsOn(info.project.name) && lang !== "en" && lang !== "ar", "without JavaScript: en and ar");
    await page.goto(`/${lang}`);

    // Slides: every seeded slide, each with a real link to its page in this language.
    const slider = page.getByRole("region", { name: t(lang, "home.slider.label") });
    for (const slide of seeded("slider", lang)) {
      await expect(slider.getByText(slide.title, { exact: true })).toBeAttached();
      await expect(slider.getByRole("link", { name: slide.linkLabel, exact: true })).toHaveAttribute("href", pathOf(slide.linkPage!, lang)!);
    }

    // Highlighted treatments only, each to its detail page; the section leads to the list.
    const treatments = section(page, lang, "home.treatments.title");
    for (const item of seeded("treatment", lang)) {
      const link = treatments.getByRole("link", { name: item.title, exact: true });
      if (item.highlighted) await expect(link).toHaveAttribute("href", treatmentPath(lang, item));
      else await expect(link).toHaveCount(0);
    }
    await expect(treatments.getByRole("link", { name: t(lang, "home.treatments.all") }).first()).toHaveAttribute("href", pathOf("treatments", lang)!);

    const deals = section(page, lang, "home.deals.title");
    const seededDeals = seeded("specialDeal", lang);
    for (const deal of seededDeals.slice(0, 3)) await expect(deals.getByText(deal.title, { exact: true })).toBeVisible();
    for (const deal of seededDeals.slice(3)) await expect(deals.getByText(deal.title, { exact: true })).toHaveCount(0);
    await expect(deals.getByRole("link", { name: t(lang, "home.deals.all") })).toHaveAttribute("href", pathOf("special-deals", lang)!);

    const stories = section(page, lang, "home.testimonials.title");
    const testimonials = seeded("testimonial", lang);
    for (const item of testimonials.slice(0, 3)) {
      await expect(stories.getByText(item.title, { exact: true })).toBeVisible();
      await expect(stories.getByText(item.author!, { exact: true })).toBeVisible();
    }
    await expect(stories.getByText(testimonials[3].title, { exact: true })).toHaveCount(0);
    await expect(stories.getByRole("link", { name: t(lang, "home.testimonials.all") })).toHaveAttribute("href", pathOf("testimonials", lang)!);

    // Blog teasers where the blog has a page of its own; the latest three.
    const blog = section(page, lang, "home.posts.title");
    const blogPath = pathOf("blog", lang);
    if (blogPath === pathOf("get-an-offer", lang)) {
      await expect(blog).toHaveCount(0);
    } else {
      const posts = seeded("blog", lang);
      for (const post of posts.slice(0, 3)) await expect(blog.getByText(post.title, { exact: true })).toBeVisible();
      await expect(blog.getByText(posts[3].title, { exact: true })).toHaveCount(0);
      await expect(blog.getByRole("link", { name: t(lang, "home.posts.all") })).toHaveAttribute("href", blogPath!);
    }

    // How it works and why us: summaries with links to their full pages; the call to get an offer.
    const [stepsText, whyText] = homeText(lang);
    const steps = page.getByRole("region", { name: stepsText.heading, exact: true });
    for (const item of stepsText.items) await expect(steps.getByText(item, { exact: true })).toBeVisible();
    const why = page.getByRole("region", { name: whyText.heading.replace("{{brand}}", "Remed"), exact: true });
    for (const item of whyText.items) await expect(why.getByText(item, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: t(lang, "home.how.more") })).toHaveAttribute("href", pathOf("how-it-works", lang)!);
    await expect(page.getByRole("link", { name: t(lang, "home.why.more") })).toHaveAttribute("href", pathOf("why-us", lang)!);
    await expect(page.getByRole("main").getByRole("link", { name: t(lang, "home.primaryCta") })).toHaveCount(2);
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: t(lang, "home.primaryCta") })
        .last(),
    ).toHaveAttribute("href", pathOf("get-an-offer", lang)!);

    const hrefs = await page.locator("main a[href^='/']").evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
    expect(hrefs.length).toBeGreaterThan(10);
    for (const href of hrefs) {
      const res = await request.get(new URL(href, baseURL).href, { maxRedirects: 0 });
      expect(res.status(), href).toBe(200);
    }
  });
}

const slider = (page: Page, lang: Lang) => page.getByRole("region", { name: t(lang, "home.slider.label") });
const dot = (lang: Lang, index: number, title: string) => t(lang, "home.slider.goTo").replace("{{index}}", String(index)).replace("{{title}}", title);

for (const lang of ["en", "ar"] as Lang[]) {
  test(`the ${lang} slider works as plain HTML: a strip with real links and numbered jumps`, async ({ page }, info) => {
    test.skip(jsOn(info.project.name), "the page without JavaScript");
    await page.goto(`/${lang}`);
    const region = slider(page, lang);
    const slides = seeded("slider", lang);
    const links = slides.map((s) => region.getByRole("link", { name: s.linkLabel, exact: true }));
    // Buttons that could not work are not offered; the first dot is the current one.
    await expect(region.getByRole("button")).toHaveCount(0);
    await expect(region.getByRole("link", { name: dot(lang, 1, slides[0].title) })).toHaveAttribute("aria-current", "true");
    await expect(links[0]).toBeInViewport();
    await expect(links[1]).not.toBeInViewport();

    await region.getByRole("link", { name: dot(lang, 2, slides[1].title) }).click();
    await expect(links[1]).toBeInViewport();
    await expect(links[0]).not.toBeInViewport();
    await links[1].click();
    await expect(page).toHaveURL(encodeURI(pathOf(slides[1].linkPage!, lang)!));
  });

  test(`the ${lang} slider shows its buttons and its current dot before the page hydrates`, async ({ page }, info) => {
    test.skip(info.project.name !== "js-on", "the server's page with JavaScript, checked once");
    // The page's scripts arrive empty: what shows is the server's HTML, as it does until hydration.
    await page.route(/\/build\/.*\.js$/, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
    await page.goto(`/${lang}`);
    const region = slider(page, lang);
    await expect(region.getByRole("button", { name: t(lang, "home.slider.next") })).toBeVisible();
    await expect(region.getByRole("button", { name: t(lang, "home.slider.previous") })).toBeVisible();
    const slides = seeded("slider", lang);
    await expect(region.getByRole("link", { name: dot(lang, 1, slides[0].title) })).toHaveAttribute("aria-current", "true");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  });

  test(`the ${lang} slider steps with previous and next, and never moves on its own`, async ({ page }, info) => {
    test.skip(!jsOn(info.project.name), "the enhanced slider");
    // The page's clock is the test's: ten seconds pass at once, enough for any autoplay to show.
    await page.clock.install();
    await page.goto(`/${lang}`);
    const region = slider(page, lang);
    await expect(region).toHaveAttribute("data-enhanced", "");
    const slides = seeded("slider", lang);
    const links = slides.map((s) => region.getByRole("link", { name: s.linkLabel, exact: true }));
    const next = region.getByRole("button", { name: t(lang, "home.slider.next") });
    const previous = region.getByRole("button", { name: t(lang, "home.slider.previous") });

    // On a phone the slides sit below the headline.
    await region.scrollIntoViewIfNeeded();
    // No autoplay: ten seconds later the first slide is still the one in view.
    await page.clock.runFor(10_000);
    await expect(links[0]).toBeInViewport();
    await next.click();
    await expect(links[1]).toBeInViewport();
    await expect(links[0]).not.toBeInViewport();
    await expect(region.getByRole("link", { name: dot(lang, 2, slides[1].title) })).toHaveAttribute("aria-current", "true");
    await next.click();
    await expect(links[2]).toBeInViewport();
    await next.click();
    await expect(links[0]).toBeInViewport();
    await previous.click();
    await expect(links[2]).toBeInViewport();
    await region.getByRole("link", { name: dot(lang, 2, slides[1].title) }).click();
    await expect(links[1]).toBeInViewport();
    // The numbered links scroll the strip only: no fragment, no jump of the page.
    expect(new URL(page.url()).hash).toBe("");
    // Two quick clicks while the strip still glides: each one counts (second slide, third, then the first).
    await next.click();
    await next.click();
    await expect(region.getByRole("link", { name: dot(lang, 1, slides[0].title) })).toHaveAttribute("aria-current", "true");
    await expect(links[0]).toBeInViewport({ ratio: 0.9 });
  });
}

test("home images carry their size; only the first slide's image loads eagerly", async ({ page }, info) => {
  test.skip(info.project.name !== "js-on", "markup, checked once");
  await page.goto("/en");
  const images = page.locator("main img");
  expect(await images.count()).toBeGreaterThan(10);
  for (const img of await images.all()) {
    await expect(img).toHaveAttribute("width", /^\d+$/);
    await expect(img).toHaveAttribute("height", /^\d+$/);
  }
  const slides = slider(page, "en").locator("img");
  await expect(slides.first()).not.toHaveAttribute("loading", "lazy");
  await expect(slides.first()).toHaveAttribute("fetchpriority", "high");
  const rest = page.locator("main img:not([fetchpriority])");
  expect(await rest.count()).toBe((await images.count()) - 1);
  for (const img of await rest.all()) await expect(img).toHaveAttribute("loading", "lazy");
});

test.describe("a first visit", () => {
  // A page of its own, nothing cached: fonts, styles and images arrive as they do for someone new.
  test.use({ freshPage: true });
  for (const lang of LANGS)
    test.describe(() => {
      // Left to right and right to left at each size, with the longest texts (ru, fr) at phone width where
      // they wrap most. Decided from the project's options, before the fresh page is opened for nothing.
      test.skip(
        ({ isMobile, javaScriptEnabled }) => !javaScriptEnabled || !(isMobile ? ["ar", "ru", "fr"] : ["en", "ar"]).includes(lang),
        `measured in the browser, ${lang} at the other size`,
      );
      test(`the ${lang} home does not shift while it loads, hydrates and scrolls`, async ({ page }) => {
        await page.goto(`/${lang}`, { waitUntil: "load" });
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        await scrollThrough(page);
        const { shift, moved } = await layoutShift(page);
        // Under the full suite's load a frame was painted from a half-parsed page: once the header (the
        // language menu without its code, 38.8 px wide instead of 64.6), once the cookie banner (104 px
        // of its 361). The root's render-blocking <link rel="expect" href="#parsed"> now holds painting
        // until the whole body is parsed.
        expect(shift, moved.join("\n")).toBe(0);
      });
    });
});
