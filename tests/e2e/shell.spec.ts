import { expect, jsOn, pathOf, test, translation, type Lang } from "./fixtures";

const WHATSAPP: Record<Lang, string> = {
  en: "905329004747",
  fr: "905329004747",
  tr: "905329004747",
  ru: "905339004748",
  ar: "905359004749",
};

for (const lang of ["en", "tr", "ru", "fr", "ar"] as Lang[]) {
  test(`the ${lang} header and footer carry the shell's links`, async ({ page }, info) => {
    test.skip(info.project.name === "js-off", "the shell's markup is the same without JS");
    await page.goto(pathOf("about-us", lang)!);
    const header = page.locator("header.site-header");
    if (info.project.name === "phone") await header.locator(".mobile-nav > summary").click();
    await expect(header.getByRole("link", { name: translation(lang, "header.homeLink").replace("{{brand}}", "Remed") })).toHaveAttribute("href", `/${lang}`);
    await expect(header.locator('a[href^="tel:+90"]')).toBeVisible();
    await expect(header.locator(`a[href="https://wa.me/${WHATSAPP[lang]}"]`)).toBeVisible();
    await expect(header.getByRole("link", { name: translation(lang, "header.getAnOffer"), exact: true })).toHaveAttribute(
      "href",
      pathOf("get-an-offer", lang)!,
    );
    await header.locator("summary", { hasText: translation(lang, "header.patientPortal") }).click();
    await expect(header.getByRole("link", { name: translation(lang, "header.portalLogin") })).toHaveAttribute("href", /^https:\/\//);
    await expect(header.getByRole("link", { name: translation(lang, "header.register"), exact: true })).toHaveAttribute("href", pathOf("register", lang)!);

    const footer = page.locator("footer.site-footer");
    await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(footer.locator('a[href^="tel:+90"]')).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer.getByRole("img")).toHaveAttribute("alt", /\S/);
    const kvkk = footer.getByRole("link", { name: "KVKK Aydınlatma Metni" });
    if (lang === "tr") await expect(kvkk).toBeVisible();
    else await expect(kvkk).toHaveCount(0);
  });
}

test("menu items follow each language's availability", async ({ page }, info) => {
  test.skip(info.project.name !== "js-off", "one project is enough");
  await page.goto("/en");
  const nav = page.getByRole("navigation", { name: translation("en", "header.mainNav") });
  await expect(nav.getByRole("link", { name: translation("en", "menu.doctors"), exact: true })).toBeVisible();
  await page.goto("/tr");
  const trNav = page.getByRole("navigation", { name: translation("tr", "header.mainNav") });
  await expect(trNav.getByRole("link", { name: translation("tr", "titles.feedback") })).toBeVisible();
  await expect(trNav.getByRole("link", { name: translation("tr", "menu.doctors"), exact: true })).toHaveCount(0);
});

test("a menu group opens as plain HTML and leads to its page", async ({ page }, info) => {
  await page.goto("/en");
  const header = page.locator("header.site-header");
  if (info.project.name === "phone") await header.locator(".mobile-nav > summary").click();
  await header.locator("summary", { hasText: translation("en", "menu.about") }).click();
  await header.getByRole("link", { name: translation("en", "titles.history") }).click();
  await expect(page).toHaveURL(/\/en\/about-us\/history$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation("en", "titles.history"));
});

test("on a phone the navbar is fixed and blue, and the menu opens from a button", async ({ page }, info) => {
  test.skip(info.project.name !== "phone", "phone layout");
  await page.goto("/ar");
  const header = page.locator("header.site-header");
  await expect(header).toHaveCSS("position", "fixed");
  await expect(header).toHaveCSS("background-color", "rgb(11, 79, 138)");
  const link = header.getByRole("link", { name: translation("ar", "titles.how-it-works") });
  await expect(link).toBeHidden();
  await header.locator(".mobile-nav > summary").click();
  await expect(link).toBeVisible();
});

test("on a desktop the navbar is transparent and the menu always shows", async ({ page }, info) => {
  test.skip(info.project.name === "phone", "desktop layout");
  await page.goto("/en");
  const header = page.locator("header.site-header");
  await expect(header).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await expect(header.getByRole("link", { name: translation("en", "titles.how-it-works") })).toBeVisible();
});

test("from 1200 px the desktop menu fits one line in every language, at 14 px or more", async ({ page }, info) => {
  test.skip(info.project.name !== "js-on", "desktop layout, checked once");
  for (const width of [1200, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    for (const lang of ["en", "tr", "ru", "fr", "ar"] as Lang[]) {
      await page.goto(`/${lang}`);
      const { rows, smallest } = await page.locator("header.site-header .menu").evaluate((menu) => {
        const items = [...menu.children].map((li) => li.firstElementChild as HTMLElement);
        return {
          rows: new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size,
          smallest: Math.min(...items.map((item) => parseFloat(getComputedStyle(item).fontSize))),
        };
      });
      expect(rows, `${lang} at ${width} px`).toBe(1);
      expect(smallest, `${lang} at ${width} px`).toBeGreaterThanOrEqual(14);
    }
  }
});

test("with JavaScript the mobile menu closes on navigation and on a click in the content", async ({ page }, info) => {
  test.skip(info.project.name !== "phone" || !jsOn(info.project.name), "phone with JS");
  await page.goto("/en");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const menu = page.locator(".mobile-nav");
  await menu.locator("> summary").click();
  await expect(menu).toHaveAttribute("open", "");
  // The open panel covers the viewport, so the click reaches the content as an event.
  await page.locator("main").dispatchEvent("click");
  await expect(menu).not.toHaveAttribute("open", "");

  await menu.locator("> summary").click();
  await menu.getByRole("link", { name: translation("en", "titles.contact") }).click();
  await expect(page).toHaveURL(/\/en\/contact$/);
  await expect(menu).not.toHaveAttribute("open", "");
});

test("the open mobile menu holds the page still, covers the WhatsApp button, and closes on Escape and on its backdrop", async ({ page }, info) => {
  test.skip(info.project.name !== "phone", "phone with JS");
  await page.goto("/en");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const menu = page.locator(".mobile-nav");
  const toggle = menu.locator("> summary");
  const { width, height } = page.viewportSize()!;
  await toggle.click();
  await expect(menu).toHaveAttribute("open", "");
  // A group's toggle weighs as much as a link beside it.
  const weight = (locator: ReturnType<typeof page.locator>) => locator.evaluate((el) => getComputedStyle(el).fontWeight);
  expect(await weight(menu.locator("summary", { hasText: translation("en", "menu.treatments") }))).toBe(
    await weight(menu.getByRole("link", { name: translation("en", "titles.contact") })),
  );
  // The backdrop, not the WhatsApp button, takes a tap in the bottom corner.
  const float = page.locator(".whatsapp-float");
  const box = (await float.boundingBox())!;
  expect(
    await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest(".whatsapp-float") ?? null, [box.x + box.width / 2, box.y + box.height / 2]),
  ).toBeNull();
  // A scroll over the backdrop leaves the page where it was (the gesture's call returns once it is done).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.synthesizeScrollGesture", { x: width / 2, y: height - 60, yDistance: -400, gestureSourceType: "mouse" });
  expect(await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(window.scrollY))))).toBe(0);

  // Escape from a link inside closes the menu and gives the focus back to its toggle.
  await menu.getByRole("link", { name: translation("en", "titles.contact") }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  await expect(toggle).toBeFocused();
  // Closed, the same scroll moves the page.
  await cdp.send("Input.synthesizeScrollGesture", { x: width / 2, y: height - 60, yDistance: -400, gestureSourceType: "mouse" });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  // A tap on the backdrop below the panel closes the menu.
  await toggle.click();
  await expect(menu).toHaveAttribute("open", "");
  await page.mouse.click(width / 2, height - 10);
  await expect(menu).not.toHaveAttribute("open", "");
});

test("with JavaScript a dropdown closes on Escape, on a click elsewhere and on navigation", async ({ page }, info) => {
  test.skip(info.project.name !== "js-on", "desktop with JS");
  await page.goto("/en");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const header = page.locator("header.site-header");
  const about = header.locator("details.dropdown", { has: page.locator("summary", { hasText: translation("en", "menu.about") }) });
  const languages = header.locator("details.language-menu");

  await about.locator("summary").click();
  await expect(about).toHaveAttribute("open", "");
  // Escape from a link inside: the focus goes back to the summary, which the panel hid.
  await about.getByRole("link", { name: translation("en", "titles.history") }).focus();
  await page.keyboard.press("Escape");
  await expect(about).not.toHaveAttribute("open", "");
  await expect(about.locator("summary")).toBeFocused();

  // Opening one dropdown is a click elsewhere for the other.
  await languages.locator("summary").click();
  await expect(languages).toHaveAttribute("open", "");
  await about.locator("summary").click();
  await expect(about).toHaveAttribute("open", "");
  await expect(languages).not.toHaveAttribute("open", "");
  await page.getByRole("heading", { level: 1 }).click();
  await expect(about).not.toHaveAttribute("open", "");

  await about.locator("summary").click();
  await about.getByRole("link", { name: translation("en", "titles.history") }).click();
  await expect(page).toHaveURL(/\/en\/about-us\/history$/);
  await expect(about).not.toHaveAttribute("open", "");
});

test("with JavaScript a site link opens its page in place, a modified click is the browser's, and resting on a menu link fetches its page", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "js-on", "desktop with JS");
  await page.goto("/en");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  const blog = page
    .getByRole("navigation", { name: translation("en", "header.mainNav") })
    .getByRole("link", { name: translation("en", "titles.blog"), exact: true });
  await expect(blog).not.toHaveAttribute("aria-current");

  await blog.hover();
  await expect(page.locator('link[rel="prefetch"][href="/en/blog.data"]')).toHaveCount(1);

  // A Ctrl-click opens a tab; the page stays.
  const opened = page.context().waitForEvent("page");
  await blog.click({ modifiers: ["Control"] });
  await (await opened).close();
  await expect(page).toHaveURL(/\/en$/);

  await blog.click();
  await expect(page).toHaveURL(/\/en\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation("en", "titles.blog"));
  await expect(blog).toHaveAttribute("aria-current", "page");
  // No new document: the window is the one the visitor started in.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test("taps while the page starts hydrating neither break it nor throw (React's #345)", async ({ page }, info) => {
  test.skip(info.project.name !== "js-on", "desktop with JS");
  // React schedules its first render through a MessageChannel: held back until the test lets go,
  // the gap between hydrateRoot and RemixBrowser's first render (where a tap made React throw #345
  // and the page never hydrated) stays open while the test taps, however busy the machine.
  // A listener of its own, ahead of the page's, counts the taps that land in that gap.
  await page.addInitScript(() => {
    const w = window as unknown as { __remixContext?: { state?: unknown }; tapsInGap: number; inGap: () => boolean; closeGap: () => void };
    const inGap = () => Object.keys(document).some((key) => key.startsWith("_reactListening")) && w.__remixContext?.state === undefined;
    const post = MessagePort.prototype.postMessage;
    const held: [MessagePort, Parameters<MessagePort["postMessage"]>][] = [];
    let holding = true;
    w.inGap = inGap;
    w.tapsInGap = 0;
    w.closeGap = () => {
      holding = false;
      for (const [port, args] of held.splice(0)) post.apply(port, args);
    };
    window.addEventListener("pointerdown", () => void (inGap() && w.tapsInGap++), true);
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: Parameters<MessagePort["postMessage"]>) {
      // Hydration schedules its first render before React listens on the document: decoded is the mark.
      if (holding && w.__remixContext && w.__remixContext.state === undefined) held.push([this, args]);
      else post.apply(this, args);
    } as MessagePort["postMessage"];
  });
  await page.goto("/en", { waitUntil: "commit" });
  await page.waitForFunction(() => (window as unknown as { inGap: () => boolean }).inGap(), null, { polling: "raf" });
  // The page's heading: nothing to follow, so every tap stays on this page.
  const heading = page.getByRole("heading", { level: 1 });
  for (let tap = 0; tap < 2; tap++) {
    await heading.click();
    await page.keyboard.press("Shift");
  }
  expect(await page.evaluate(() => (window as unknown as { tapsInGap: number }).tapsInGap)).toBe(2);
  await page.evaluate(() => (window as unknown as { closeGap: () => void }).closeGap());
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // React runs the page: a site link opens its page in place.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page
    .getByRole("navigation", { name: translation("en", "header.mainNav") })
    .getByRole("link", { name: translation("en", "titles.blog"), exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation("en", "titles.blog"));
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test("with JavaScript the mobile menu closes when the window grows past 1200 px", async ({ page }, info) => {
  test.skip(info.project.name !== "phone", "phone with JS");
  await page.goto("/en");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const menu = page.locator(".mobile-nav");
  await menu.locator("> summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.setViewportSize({ width: 1300, height: 900 });
  await expect(menu).not.toHaveAttribute("open", "");
});

test("the Arabic layout is mirrored", async ({ page }) => {
  await page.goto("/ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const logo = await page.locator("header .logo").boundingBox();
  const viewport = page.viewportSize()!;
  expect(logo!.x).toBeGreaterThan(viewport.width / 2);
});

// Left to right and right to left: the list is one template, and every language's treatment links
// are followed by the crawl (tests/integration/crawl.test.ts).
for (const lang of ["en", "ar"] as Lang[]) {
  test(`the treatments dropdown holds the first 12 treatments in ${lang}`, async ({ page }, info) => {
    test.skip(info.project.name === "phone", "desktop menu; the phone menu holds the same list");
    await page.goto(`/${lang}`);
    const menu = page.locator(".treatments-menu");
    await menu.locator("> summary").click();
    const links = menu.locator(".treatment-columns a");
    await expect(links).toHaveCount(12);
    await expect(menu.locator(".treatment-columns ul")).toHaveCount(4);
    const first = links.first();
    const title = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
  });
}
