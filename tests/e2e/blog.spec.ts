import { decode, expect, LANGS, loaderData, pathOf, test, translation, type Lang } from "./fixtures";
import { listPath, PROBE, PROBE_POST_ID, seeded, seededItem } from "./backend-seed";

/** The specification's default page size: the seed's ten posts in a language fill one page. */
const PAGE_SIZE = 10;
const BLOG_LANGS = LANGS.filter((lang) => listPath("blog", lang));
const t = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
  translation(lang, key).replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));

/** Links in the HTML to details under a list path (React writes raw Unicode, others may encode). */
const detailLinks = (html: string, list: string) =>
  [...new Set([...html.matchAll(/href="([^"]+\/\d+)"/g)].map((m) => decodeURI(m[1])))].filter((href) => href.startsWith(`${list}/`));

/** Checks that need no browser run once, in the js-on project. */
const httpOnly = () => test.beforeEach(({}, info) => test.skip(info.project.name !== "js-on", "HTTP only: runs once"));

test("the blog lists its ten newest posts on one page, with no paging to show", async ({ page }) => {
  const posts = seeded("blog", "en");
  expect(posts).toHaveLength(PAGE_SIZE);
  await page.goto("/en/blog");
  const list = page.getByRole("region", { name: t("en", "blog.posts") });
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(posts.map((p) => p.title));
  await expect(page.getByRole("navigation", { name: t("en", "pagination.label") })).toHaveCount(0);
});

test("a post card shows its image, localized date and summary, and opens the post", async ({ page }) => {
  const post = seeded("blog", "fr")[0];
  await page.goto(listPath("blog", "fr")!);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: post.title }) });
  await expect(card.getByRole("img")).toHaveAttribute("width", /\d+/);
  await expect(card.locator("time")).toHaveText(new Intl.DateTimeFormat("fr", { dateStyle: "long", timeZone: "UTC" }).format(new Date(post.publishedAt!)));
  await expect(card.locator("time")).toHaveText(/^\d{1,2} [a-zéû]+ \d{4}$/);
  await expect(card).toContainText(post.summary);
  await card.getByRole("link", { name: post.title }).click();
  await expect(page).toHaveURL((url) => decode(url.href) === post.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  await expect(page.getByText(t("fr", "blog.by", { author: post.author! }))).toBeVisible();
});

test("the language menu on a post leads to the same post in another language", async ({ page }) => {
  const en = seeded("blog", "en")[3];
  await page.goto(encodeURI(en.path!));
  const menu = page.locator(".language-menu");
  await menu.locator("summary").click();
  // No Turkish blog: the Turkish link goes where the blog stands for in tr.
  await expect(menu.locator('a[hreflang="tr"]')).toHaveAttribute("href", pathOf("blog", "tr")!);
  await menu.locator('a[hreflang="ar"]').click();
  const ar = seededItem("blog", "ar", en.id);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  expect(decode(page.url())).toBe(ar.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ar.title);
});

test.describe("an unknown post", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("answers the 404 page", async ({ page }) => {
    const response = await page.goto("/en/blog/no-such-post/299");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "notFound.title"));
  });
});

test.describe("over HTTP", () => {
  httpOnly();

  for (const lang of BLOG_LANGS) {
    test(`every post card in ${lang} links to a post that answers 200`, async ({ request }) => {
      const expected = seeded("blog", lang).map((p) => p.path!);
      const found: string[] = [];
      const html = await (await request.get(encodeURI(listPath("blog", lang)!))).text();
      found.push(...detailLinks(html, listPath("blog", lang)!));
      expect(found.sort()).toEqual([...expected].sort());
      for (const path of found) expect((await request.get(encodeURI(path), { maxRedirects: 0 })).status(), path).toBe(200);
    });
  }

  test("a post at the wrong uri moves permanently to its canonical address", async ({ request }) => {
    for (const lang of ["en", "ar"] as Lang[]) {
      const post = seeded("blog", lang)[1];
      const res = await request.get(encodeURI(`${listPath("blog", lang)}/old-title/${post.id}`), { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(decodeURI(res.headers().location)).toBe(post.path);
    }
  });

  test("a testimonial's id is no blog post", async ({ request }) => {
    const testimonial = seeded("testimonial", "en")[0];
    expect((await request.get(`/en/blog/${testimonial.uri}/${testimonial.id}`)).status()).toBe(404);
  });

  test("?page= out of range or not a number is no page; page 1 has one address", async ({ request }) => {
    expect((await request.get("/en/blog?page=2")).status()).toBe(404);
    expect((await request.get("/en/blog?page=0")).status()).toBe(404);
    expect((await request.get("/en/blog?page=two")).status()).toBe(404);
    const first = await request.get("/en/blog?page=1", { maxRedirects: 0 });
    expect(first.status()).toBe(301);
    expect(first.headers().location).toBe("/en/blog");
  });

  test("a post's rich text is sanitized: no <script>, no onerror", async ({ request }) => {
    const post = seededItem("blog", "en", PROBE_POST_ID);
    const page = await (await request.get(post.path!)).text();
    // The post's own content: under `remix dev` the page also carries the live-reload script.
    const html = page.slice(page.indexOf("<article"), page.indexOf("</article>"));
    // The seed's body carries both; the text around them still arrives.
    expect(html).toContain("The basics for every treatment");
    expect(page).not.toContain(PROBE);
    expect(html).not.toMatch(/onerror/i);
    const testimonials = await (await request.get("/en/testimonials")).text();
    expect(testimonials).toContain(seeded("testimonial", "en").find((x) => x.body?.includes(PROBE))!.title);
    expect(testimonials).not.toContain(PROBE);
  });

  test("list images keep their space and load lazily below the first row", async ({ request }) => {
    for (const path of ["/en/blog", "/en/special-deals", "/en/testimonials"]) {
      const html = await (await request.get(path)).text();
      const images = [...html.matchAll(/<img [^>]*src="\/media\/[^>]*>/g)].map((m) => m[0]);
      expect(images.length, path).toBeGreaterThan(3);
      for (const img of images) expect(img, path).toMatch(/ width="\d+" height="\d+"/);
      expect(images[0], path).toContain('loading="eager"');
      expect(images.at(-1), path).toContain('loading="lazy"');
    }
  });

  test("the list's loader data carries an ItemList of the page's posts and breadcrumbs", async ({ request, baseURL }) => {
    const posts = seeded("blog", "en");
    const data = await loaderData(request, "/en/blog");
    expect(data.jsonLd["@type"]).toBe("ItemList");
    expect(data.jsonLd.itemListElement).toEqual(
      posts.map((post, i) => ({ "@type": "ListItem", position: i + 1, url: `${baseURL}${post.path}`, name: post.title })),
    );
    expect(data.breadcrumbs).toEqual([
      { name: t("en", "breadcrumbs.home"), path: "/en" },
      { name: t("en", "titles.blog"), path: "/en/blog" },
    ]);
  });

  test("a post's loader data carries BlogPosting JSON-LD and breadcrumbs", async ({ request, baseURL }) => {
    const post = seeded("blog", "en")[0];
    const data = await loaderData(request, post.path!);
    expect(data.jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      datePublished: new Date(post.publishedAt!).toISOString(),
      author: { name: post.author },
      inLanguage: "en",
      mainEntityOfPage: { "@id": `${baseURL}${post.path}` },
    });
    expect(data.jsonLd.image.url).toMatch(/^https?:\/\/.+\.svg$/);
    expect(data.breadcrumbs).toEqual([
      { name: t("en", "breadcrumbs.home"), path: "/en" },
      { name: t("en", "titles.blog"), path: "/en/blog" },
      { name: post.title, path: post.path },
    ]);
  });
});

test("a post's page runs no injected script", async ({ page }, info) => {
  test.skip(info.project.name === "js-off", "needs a browser that runs scripts");
  await page.goto(seededItem("blog", "en", PROBE_POST_ID).path!);
  await expect(page.getByRole("heading", { name: "The basics for every treatment" })).toBeVisible();
  expect(await page.title()).not.toContain(PROBE);
  expect(await page.locator("article img").count()).toBe(1);
});
