import type { APIRequestContext, Page } from "@playwright/test";
import { clinicDateTimeInput } from "../../app/lib/admin/staff-time";
import { createHash } from "node:crypto";
import { photoJpeg, photoPng } from "../support/photos";
import { signInAs, switchStaffLanguage } from "./admin-fixtures";
import { listPath, seeded, treatmentPath } from "./backend-seed";
import { expect, expectNoAxeViolations, jsOn, LANGS, test, translation, type Lang } from "./fixtures";
import { layoutShift, scrollThrough } from "./layout-shift";

// The content editors (#15). Publishing changes what the content specs compare with the seed (a
// post on every blog list, a slider on home), so those tests carry @publishes and run in projects
// of their own after every other test, @no-js without JavaScript (playwright.config.ts); axe runs
// with the others, at desktop and phone size.

const say = (key: string) => translation("en", key, "admin");
const BLOG_LANGS = LANGS.filter((lang) => listPath("blog", lang));
/** Every link of a page, decoded (React writes raw Unicode; others may encode). */
const links = (html: string) => [...html.matchAll(/<a\b[^>]*\shref="([^"#]+)"/g)].map((m) => decodeURI(m[1].replace(/&amp;/g, "&")));

/** The page's hreflang alternates: language → decoded path. */
function alternates(html: string) {
  const found = new Map<string, string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*\brel="alternate"[^>]*>/g)) {
    const lang = /\shreflang="([^"]+)"/i.exec(tag)?.[1];
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (lang && href) found.set(lang, decodeURI(new URL(href.replace(/&amp;/g, "&")).pathname));
  }
  return found;
}

const get = async (request: APIRequestContext, path: string) => {
  const res = await request.get(encodeURI(path), { maxRedirects: 0 });
  expect(res.status(), path).toBe(200);
  return res.text();
};

/** Ticks the languages (nothing is ticked before) and presses Publish: the confirmation names them. */
const publish = async (page: Page, langs: readonly Lang[]) => {
  const group = page.getByRole("group", { name: say("content.publishLanguages") });
  for (const lang of langs) await group.getByLabel(say(`siteLanguages.${lang}`), { exact: true }).check();
  await page.getByRole("button", { name: say("content.publish"), exact: true }).click();
  const named = new Intl.ListFormat("en", { type: "conjunction" }).format(langs.map((lang) => say(`siteLanguages.${lang}`)));
  await expect(page.getByRole("status")).toContainText(say("content.toast.published").replace("{{languages}}", named));
};

test.describe("publishing", () => {
  test("@publishes @no-js without JavaScript, an editor writes a post in the four languages of the blog and publishes it: it leads every blog list, is in the sitemap, and its pages name each other", async ({
    page,
    request,
  }) => {
    const stamp = Date.now().toString(36);
    const texts: Partial<Record<Lang, { uri: string; title: string; author: string }>> = {
      en: { uri: `caring-for-a-new-implant-${stamp}`, title: `Caring for a new implant ${stamp}`, author: "Dr. Selin Arslan" },
      ru: { uri: `уход-за-имплантом-${stamp}`, title: `Уход за новым имплантом ${stamp}`, author: "Д-р Селин Арслан" },
      fr: { uri: `soins-d-un-nouvel-implant-${stamp}`, title: `Soins d’un nouvel implant ${stamp}`, author: "Dr Selin Arslan" },
      ar: { uri: `العناية-بالزرعة-${stamp}`, title: `العناية بزرعة الأسنان الجديدة ${stamp}`, author: "د. سلين أرسلان" },
    };
    // The lists as a first-time visitor got them just before: kept by the page cache (and the API's
    // answers by the content cache), which the publish must drop.
    for (const lang of BLOG_LANGS) await get(request, listPath("blog", lang)!);
    expect((await request.get(encodeURI(listPath("blog", "ar")!))).headers()["x-page-cache"]).toBe("hit");
    await signInAs(page, "editor");
    await page.goto("/admin/content/blog/new");
    const form = page.locator("#content-form");
    const field = (scope: ReturnType<Page["locator"]>, name: string) => scope.getByLabel(say(`content.fields.${name}`), { exact: true });
    // Newest of all posts, so page 1 of every list.
    await field(form, "publishedAt").fill(clinicDateTimeInput(new Date().toISOString()).slice(0, 16));
    await field(form, "categoryId").selectOption({ index: 1 });
    await form
      .getByLabel(say("content.fields.imageId"), { exact: true })
      .setInputFiles({ name: "implant.jpg", mimeType: "image/jpeg", buffer: await photoJpeg({ width: 1200, height: 800 }) });
    for (const lang of BLOG_LANGS) {
      const set = form.locator(`#lang-${lang}`);
      await field(set, "uri").fill(texts[lang]!.uri);
      await field(set, "title").fill(texts[lang]!.title);
      await field(set, "summary").fill(`${texts[lang]!.title}.`);
      await field(set, "body").fill(`<p>${texts[lang]!.title}</p><h2>${texts[lang]!.author}</h2><p>${texts[lang]!.title}.</p>`);
      await field(set, "imageAlt").fill(texts[lang]!.title);
      await field(set, "author").fill(texts[lang]!.author);
    }
    await publish(page, BLOG_LANGS);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    expect(id).toBeGreaterThan(0);

    // What a first-time visitor and a search engine get, at once.
    const postPath = (lang: Lang) => `${listPath("blog", lang)}/${texts[lang]!.uri}/${id}`;
    for (const lang of BLOG_LANGS) {
      expect(links(await get(request, listPath("blog", lang)!)), `page 1 of the ${lang} blog`).toContain(postPath(lang));
    }
    const sitemap = await get(request, "/sitemap.xml");
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeURI(new URL(m[1]).pathname));
    for (const lang of BLOG_LANGS) expect(locs, "the sitemap").toContain(postPath(lang));
    for (const lang of BLOG_LANGS) {
      const named = alternates(await get(request, postPath(lang)));
      for (const other of BLOG_LANGS) expect(named.get(other), `the ${lang} post's alternate in ${other}`).toBe(postPath(other));
    }
  });

  test.describe("a first visit", () => {
    // A context of its own: nothing of home is cached when the visitor comes.
    test.use({ freshPage: true });
    test("@publishes a 4000×3000 photo uploaded for the first home slider is served in widths up to 1600 px, and home does not shift", async ({ page }) => {
      const slider = seeded("slider", "en")[0];
      await signInAs(page, "editor");
      await page.goto(`/admin/content/slider/${slider.id}`);
      await page
        .getByLabel(say("content.fields.imageId"), { exact: true })
        .setInputFiles({ name: "istanbul.jpg", mimeType: "image/jpeg", buffer: await photoJpeg() });
      await publish(page, ["en"]);
      await expectNoAxeViolations(page);

      await page.context().clearCookies();
      await page.goto("/en", { waitUntil: "load" });
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const image = page
        .getByRole("region", { name: translation("en", "home.slider.label") })
        .locator("img")
        .first();
      await expect(image).toHaveAttribute("width", /^\d+$/);
      await expect(image).toHaveAttribute("height", /^\d+$/);
      const srcset = (await image.getAttribute("srcset")) ?? "";
      const widths = [...srcset.matchAll(/(\S+) (\d+)w/g)].map(([, url, width]) => {
        expect(url).toMatch(/^\/media\/u\/[0-9a-f]{32}\/\d+\.webp$/);
        return Number(width);
      });
      expect(widths).toEqual([400, 800, 1200, 1600]);
      // The browser fetched one of them, and it decoded.
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc.includes("/media/u/"))).toBe(true);
      await scrollThrough(page);
      const { shift, moved } = await layoutShift(page);
      expect(shift, moved.join("\n")).toBe(0);
    });
  });
});

test("a new post's Arabic title proposes its Arabic uri as it is typed, and the search preview follows; a uri the editor writes is kept", async ({
  page,
}, info) => {
  test.skip(!jsOn(info.project.name), "the proposal as it is typed is the script's; without it a save fills an empty uri the same way (slug tests)");
  await signInAs(page, "editor");
  await page.goto("/admin/content/blog/new");
  const ar = page.locator("#lang-ar");
  const title = ar.getByLabel(say("content.fields.title"), { exact: true });
  const uri = ar.getByLabel(say("content.fields.uri"), { exact: true });
  await title.fill("زراعة الأسنان أم الجسر: أيّهما يناسبك؟");
  await expect(uri).toHaveValue("زراعة-الأسنان-أم-الجسر-أيهما-يناسبك");
  await expect(ar.locator(".serp-title")).toHaveText("زراعة الأسنان أم الجسر: أيّهما يناسبك؟ | Remed");
  await uri.fill("زراعة-الأسنان");
  await title.fill("عنوان آخر");
  await expect(uri).toHaveValue("زراعة-الأسنان");
  await expect(ar.locator(".serp-url")).toContainText("زراعة-الأسنان");
});

test.describe("a body", () => {
  /** The body the test writes: stored exactly so (a save keeps what was written, cleaned of nothing since nothing is unsafe). */
  const SAVED = '<h2>Before the flight</h2><ul><li>Passport</li><li>Ticket</li></ul><p>See the <a href="https://example.org/visa">visa rules</a> first.</p>';
  /** The same on the public page: the heading marked with the level it was written at, in the page's outline. */
  const SHOWN =
    '<h2 class="rich-text-h2">Before the flight</h2><ul><li>Passport</li><li>Ticket</li></ul><p>See the <a href="https://example.org/visa">visa rules</a> first.</p>';
  const bodyArea = (page: Page) => page.locator('textarea[name="texts.en.body"]');

  test("@publishes with JavaScript, a heading, a list, a link and an uploaded image made with the body's toolbar come back unchanged after a save and a reload, and show on the public page", async ({
    page,
    request,
  }) => {
    const treatment = seeded("treatment", "en")[2];
    await signInAs(page, "editor");
    await page.goto(`/admin/content/treatment/${treatment.id}`);
    const set = page.locator("#lang-en");
    const toolbar = set.getByRole("toolbar");
    const tool = (key: string, options?: Record<string, unknown>) =>
      toolbar.getByRole("button", {
        name: translation("en", `content.richText.${key}`, "admin").replace("{{level}}", String(options?.level ?? "")),
        exact: true,
      });
    const editor = set.getByRole("textbox", { name: say("content.fields.body"), exact: true });
    // The server's text area until the editor's code has come.
    await expect(toolbar).toBeVisible();
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await tool("heading", { level: 2 }).click();
    await expect(tool("heading", { level: 2 })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("Before the flight");
    await page.keyboard.press("Enter");
    await tool("bulletList").click();
    await page.keyboard.type("Passport");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Ticket");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(tool("bulletList")).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.type("See the visa rules first.");
    await page.keyboard.press("Home");
    for (let i = 0; i < "See the ".length; i++) await page.keyboard.press("ArrowRight");
    for (let i = 0; i < "visa rules".length; i++) await page.keyboard.press("Shift+ArrowRight");
    // The link's form from the keyboard: one tab stop for the toolbar, arrows along it, past Redo (nothing undone yet).
    await tool("heading", { level: 2 }).focus();
    await page.keyboard.press("End");
    await expect(tool("undo")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(tool("link")).toBeFocused();
    await page.keyboard.press("Enter");
    await set.getByLabel(say("content.richText.linkAddress")).fill("https://example.org/visa");
    await page.keyboard.press("Enter");
    await expect(editor.getByRole("link", { name: "visa rules" })).toHaveAttribute("href", "https://example.org/visa");
    // An image uploaded from the picker, its alt text asked for in the body's language, put in at the end.
    const png = await photoPng({ width: 300, height: 200 });
    const imageId = createHash("sha256").update(png).digest("hex").slice(0, 32);
    await page.keyboard.press("ControlOrMeta+End");
    await tool("image").click();
    const picker = set.locator(".rich-text-images");
    await picker.getByLabel(say("content.richText.imageUpload")).setInputFiles({ name: "lounge.png", mimeType: "image/png", buffer: png });
    await expect(picker.getByRole("button", { name: "Uploaded image 1, 300 × 200 px" })).toHaveAttribute("aria-pressed", "true");
    await picker.getByLabel("Alt text in English").fill("The clinic lounge");
    await expectNoAxeViolations(page);
    await picker.getByRole("button", { name: say("content.richText.imageInsert") }).click();
    await expect(editor.getByRole("img", { name: "The clinic lounge" })).toBeVisible();
    const image = `<img src="/media/u/${imageId}/300.webp" alt="The clinic lounge" width="300" height="200"`;
    const saved = `${SAVED}${image} />`;

    await page.getByRole("button", { name: say("content.save"), exact: true }).click();
    await expect(page.getByRole("status")).toContainText(say("content.toast.saved"));
    await page.reload();
    await expect(bodyArea(page)).toHaveValue(saved);
    await expect(toolbar).toBeVisible();
    await editor.getByText("Before the flight").click();
    await expect(tool("heading", { level: 2 })).toHaveAttribute("aria-pressed", "true");
    await expect(editor.getByRole("listitem")).toHaveText(["Passport", "Ticket"]);

    await publish(page, ["en"]);
    const html = await get(request, treatmentPath("en", treatment));
    expect(html).toContain(`${SHOWN}${image} loading="lazy" decoding="async" />`);
  });

  test("@publishes @no-js without JavaScript, the body is the server's text area: the same body typed in it comes back after a save and shows on the public page", async ({
    page,
    request,
  }) => {
    const treatment = seeded("treatment", "en")[3];
    await signInAs(page, "editor");
    await page.goto(`/admin/content/treatment/${treatment.id}`);
    await expect(page.getByRole("toolbar")).toHaveCount(0);
    await page
      .locator("#lang-en")
      .getByRole("textbox", { name: say("content.fields.body"), exact: true })
      .fill('<h2>Before the flight</h2><ul><li>Passport</li><li>Ticket</li></ul><p>See the <a href="https://example.org/visa">visa rules</a> first.</p>');
    await page.getByRole("button", { name: say("content.save"), exact: true }).click();
    await expect(page.getByRole("status")).toContainText(say("content.toast.saved"));
    await page.goto(`/admin/content/treatment/${treatment.id}`);
    await expect(bodyArea(page)).toHaveValue(SAVED);
    await publish(page, ["en"]);
    expect(await get(request, treatmentPath("en", treatment))).toContain(SHOWN);
  });
});

/** Every screen of the content editor, in one session per staff language: axe, and at phone size no sideways scrolling. */
async function checkEditorScreens(page: Page, lang: "en" | "tr", isMobile: boolean) {
  // The header's switch (the preview, outside the back office's layout, has none), both ways: a
  // worker's page keeps the choice of the test before.
  await page.goto("/admin/content");
  await switchStaffLanguage(page, lang);
  // One item per size: the desktop and phone passes run in parallel, and a save from a page opened
  // before the other pass saved would be refused as stale.
  const treatment = seeded("treatment", "en")[isMobile ? 1 : 0];
  const item = `/admin/content/treatment/${treatment.id}`;
  const check = async (path: string) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The bodies' editors come after hydration: axe looks at them with their toolbars.
    if (path === item && jsOn(test.info().project.name)) await expect(page.getByRole("toolbar")).toHaveCount(5);
    await expectNoAxeViolations(page);
    if (isMobile) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  };
  // The kinds' page (links and counts, nothing a phone lays out otherwise) once, at desktop size.
  for (const path of [...(isMobile ? [] : ["/admin/content"]), "/admin/content/blog", item]) await check(path);
  if (isMobile) {
    // The header and the kinds' menu leave the editor on the first screen; Save stays in reach from its top to its bottom.
    const form = page.locator("#content-form");
    expect((await form.boundingBox())!.y).toBeLessThan(page.viewportSize()!.height);
    const save = form.getByRole("button", { name: translation(lang, "content.save", "admin") });
    await form.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await expect(save).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(save).toBeInViewport();
  }
  // A seeded item has no version until it is first saved: a save without changes makes one and
  // leaves the public site as it is.
  await page.getByRole("button", { name: translation(lang, "content.save", "admin") }).click();
  await expect(page.getByRole("status")).toContainText(translation(lang, "content.toast.saved", "admin"));
  await check(`${item}/versions`);
  const version = await page.locator("main table a").first().getAttribute("href");
  await check(version!);
  // The draft as its public page, in the staff member's language here (the preview has every language).
  await check(`${item}/preview/${lang}`);
}

/**
 * axe on every content screen in Turkish, at desktop and phone size (the slider test runs it on the
 * editor in English at desktop size). No English pass at phone size, as in admin-axe.spec.ts: the
 * screens are the same at that width, and Turkish, whose labels run longer, is the stricter test of
 * their fit.
 */
test("axe finds nothing on the content screens (kinds, list, editor, versions, a version, preview) in Turkish", async ({ page, isMobile }) => {
  test.slow();
  await signInAs(page, "editor");
  await checkEditorScreens(page, "tr", isMobile);
});

test("a toast stays while the pointer or focus is on it, and leaves 1 s after they leave (the specification's extended timeout)", async ({
  page,
  isMobile,
}, info) => {
  test.skip(isMobile || !jsOn(info.project.name), "hover and focus are the script's: once, at desktop size");
  await signInAs(page, "editor");
  // The page's timers on a fake clock: seconds pass without waiting for them.
  await page.clock.install();
  // A save without changes: a new version of a deal (no other test edits one), the public site unchanged.
  await page.goto(`/admin/content/specialDeal/${seeded("specialDeal", "en")[0].id}`);
  const toast = page.locator(".toast");
  const version = page.locator('#content-form input[name="version"]');
  const save = async () => {
    const before = await version.inputValue();
    await page.getByRole("button", { name: say("content.save") }).click();
    // Each save is a new version: the form goes on from it (the toast's words are the same each time).
    await expect(version).not.toHaveValue(before);
    await expect(toast).toContainText(say("content.toast.saved"));
  };

  await save();
  await toast.hover();
  await page.clock.runFor(6_000);
  await expect(toast).toBeVisible();
  await page.mouse.move(1, 1);
  await page.clock.runFor(800);
  await expect(toast).toBeVisible();
  await page.clock.runFor(400);
  await expect(toast).toHaveCount(0);

  await save();
  await toast.getByRole("button", { name: translation("en", "toast.close") }).focus();
  await page.clock.runFor(6_000);
  await expect(toast).toBeVisible();
  await page.getByRole("button", { name: say("content.save") }).focus();
  await page.clock.runFor(800);
  await expect(toast).toBeVisible();
  await page.clock.runFor(400);
  await expect(toast).toHaveCount(0);

  // Four saves in a row: the same message replaces itself, it does not pile up.
  for (let n = 0; n < 4; n++) await save();
  await expect(toast).toHaveCount(1);
});
