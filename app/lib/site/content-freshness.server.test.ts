import { describe, expect, test } from "vitest";
import type { ContentChange } from "~/lib/platform/api/content-contract";
import { createContentCache } from "~/lib/platform/cache.server";
import type { SharedChange } from "~/lib/platform/shared/changes.server";
import { contentChanged } from "~/lib/site/content-freshness.server";
import { createSiteCookies } from "~/lib/platform/cookies.server";
import { createPageCache } from "~/lib/render/page-cache.server";

const cookies = createSiteCookies({ secure: false, secret: "a-test-secret-of-thirty-two-chars" });
const noForms = { values: () => Promise.reject(new Error("no form pages here")) };

/** One instance's two caches, filled as page views would fill them, and what is still in them. */
async function instance(keys: string[], paths: string[]) {
  const contentCache = createContentCache();
  const { content } = contentCache.forRequest({ get: () => Promise.reject(new Error("no API here")) } as never);
  const pageCache = createPageCache(30, { cookies, forms: noForms });
  for (const key of keys) await content.cached(key, async () => ({ key }));
  for (const path of paths) {
    await pageCache.keep(new Request(`http://site${encodeURI(path)}`), {
      status: 200,
      headers: new Headers(),
      html: Buffer.from(`<p nonce="n">${path}</p>`),
      nonce: "n",
      lang: path.split("/")[1],
      contentFailed: false,
      personal: false,
    });
  }
  const announced: SharedChange[] = [];
  return {
    context: { content, pageCache, changes: { announce: (change: SharedChange) => void announced.push(change) } },
    /** What the other instances were told (through Redis when it is configured). */
    announced,
    /** The keys a read would still answer from the cache (without asking the API). */
    async cachedKeys() {
      const held: string[] = [];
      for (const key of keys) {
        let asked = false;
        await content.cached(key, async () => ((asked = true), { key }));
        if (!asked) held.push(key);
      }
      return held;
    },
    async keptPages() {
      const kept: string[] = [];
      for (const path of paths) if (await pageCache.kept("GET", encodeURI(path), {}, "m")) kept.push(path);
      return kept;
    },
  };
}

const change = (over: Partial<ContentChange> & Pick<ContentChange, "kind" | "id">): ContentChange => ({
  languages: [],
  uris: {},
  oldUris: {},
  related: [],
  ...over,
});

describe("after a publish on this instance", () => {
  test("a blog post published in en: its page, the en blog list (every page) and en home go; other posts, pages and languages stay", async () => {
    const site = await instance(
      ["blog:en:1:10", "blog:en:2:10", "blog:ar:1:10", "blog-post:en:201", "blog-post:en:202", "special-deals:en:1:3", "sliders:en", "menu-treatments:en"],
      ["/en", "/en/blog", "/en/blog/new-post/201", "/en/blog/other-post/202", "/en/contact", "/en/special-deals", "/ar", "/ar/المدونة"],
    );
    contentChanged(site.context, change({ kind: "blog", id: 201, languages: ["en"], uris: { en: "new-post" } }));
    expect(site.announced).toEqual([{ kind: "content", change: change({ kind: "blog", id: 201, languages: ["en"], uris: { en: "new-post" } }) }]);
    expect(await site.cachedKeys()).toEqual(["blog:ar:1:10", "blog-post:en:202", "special-deals:en:1:3", "sliders:en", "menu-treatments:en"]);
    expect(await site.keptPages()).toEqual(["/en/blog/other-post/202", "/en/contact", "/en/special-deals", "/ar", "/ar/المدونة"]);
  });

  test("a treatment changed in ar: every ar page and sub-treatment read goes (they show its title and uri), en stays", async () => {
    const site = await instance(
      [
        "treatment:ar:3",
        "treatment:ar:4",
        "menu-treatments:ar",
        "treatments:ar:1:100",
        "treatments-highlighted:ar:7",
        "sub-treatment:ar:31",
        "sub-treatments:ar",
        "menu-treatments:en",
        "sub-treatment:en:31",
      ],
      ["/ar", "/ar/اتصل-بنا", "/ar/العلاجات/زراعة-الشعر/3", "/en", "/en/treatments/hair-transplant/3"],
    );
    contentChanged(site.context, change({ kind: "treatment", id: 3, languages: ["ar"], uris: { ar: "زراعة-الشعر" } }));
    expect(await site.cachedKeys()).toEqual(["treatment:ar:4", "menu-treatments:en", "sub-treatment:en:31"]);
    expect(await site.keptPages()).toEqual(["/en", "/en/treatments/hair-transplant/3"]);
  });

  test("a doctor's slug renamed in fr: both slugs' pages and reads go, and the list; another doctor stays", async () => {
    const site = await instance(
      ["doctors:fr:1:100", "doctor-uri:fr:old-slug", "doctor-uri:fr:new-slug", "doctor-uri:fr:someone-else", "redirect:doctor:fr:old-slug"],
      ["/fr/chirurgiens", "/fr/chirurgiens/old-slug", "/fr/chirurgiens/someone-else", "/fr"],
    );
    contentChanged(site.context, change({ kind: "doctor", id: 7, languages: ["fr"], uris: { fr: "new-slug" }, oldUris: { fr: "old-slug" } }));
    expect(await site.cachedKeys()).toEqual(["doctor-uri:fr:someone-else"]);
    expect(await site.keptPages()).toEqual(["/fr/chirurgiens/someone-else", "/fr"]);
  });

  test("a category's new title: its posts (named as related), the blog list and home; its id is no post's", async () => {
    const site = await instance(
      ["blog:en:1:10", "blog-post:en:201", "blog-post:en:5", "faqs:en:1:100"],
      ["/en", "/en/blog", "/en/blog/a-post/201", "/en/blog/another/5", "/en/faq"],
    );
    contentChanged(site.context, change({ kind: "category", id: 5, languages: ["en"], related: [{ kind: "blog", id: 201 }] }));
    expect(await site.cachedKeys()).toEqual(["blog-post:en:5", "faqs:en:1:100"]);
    expect(await site.keptPages()).toEqual(["/en/blog/another/5", "/en/faq"]);
  });

  test("a restore, which changes no public answer until it is published, drops nothing", async () => {
    const site = await instance(["faqs:en:1:100"], ["/en/faq"]);
    contentChanged(site.context, change({ kind: "faq", id: 901, uris: {} }));
    expect(await site.cachedKeys()).toEqual(["faqs:en:1:100"]);
    expect(await site.keptPages()).toEqual(["/en/faq"]);
  });
});
