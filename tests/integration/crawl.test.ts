import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { structuredDataTest, type TestResult } from "structured-data-testing-tool";
import { Facebook, Google } from "structured-data-testing-tool/presets";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import table from "../../app/route-table.json";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// A crawl of the production build from each language's home page, as a search engine would.
const LANGS = ["en", "tr", "ru", "fr", "ar"];
const CONCURRENCY = 6;

interface Crawled {
  url: string;
  status: number;
  from: string;
  canonical?: string;
  alternates: Map<string, string>;
  html: string;
  /** Its <meta property|name content> tags, the first of each name. */
  meta: Map<string, string>;
}

let site: Proc;
const pages = new Map<string, Crawled>();
/** Files the pages offer (a document's text, ADR 052): answered, but no page with a canonical or alternates. */
const files = new Set<string>();
/** Every page of the route table in every language it exists in; a path not among them is an item's page. */
// A page that exists only with items (ADR 060) is one where the seed has some: "About life" in en, tr and ar (ADR 063);
// the bulletins' archive has none on a fresh site: it is a 404, reached by no link.
const SEEDED_ONLY_WITH_ITEMS: Record<string, string[]> = { "about-life": ["en", "tr", "ar"] };
const tablePaths = table.pages.flatMap((p) =>
  Object.entries(p.slugs)
    .filter(([lang]) => !("onlyWithItems" in p && p.onlyWithItems) || SEEDED_ONLY_WITH_ITEMS[p.name]?.includes(lang))
    .map(([lang, slug]) => (slug ? `/${lang}/${slug}` : `/${lang}`)),
);

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1]?.replace(/&amp;/g, "&");

async function crawl(origin: string) {
  const queue: { url: string; from: string }[] = LANGS.map((lang) => ({ url: `${origin}/${lang}`, from: "start" }));
  const seen = new Set(queue.map((q) => q.url));
  async function worker() {
    while (queue.length) {
      const { url, from } = queue.shift()!;
      const res = await fetch(url, { redirect: "manual" });
      const isHtml = res.headers.get("content-type")?.includes("text/html");
      if (res.status === 200 && !isHtml && res.headers.get("content-disposition")?.startsWith("attachment")) {
        await res.body?.cancel();
        files.add(decodeURI(new URL(url).pathname));
        continue;
      }
      const html = isHtml ? await res.text() : (await res.body?.cancel(), "");
      const page: Crawled = { url, status: res.status, from, alternates: new Map(), html, meta: new Map() };
      pages.set(url, page);
      if (res.status !== 200) continue;
      for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
        const name = attr(tag, "property") ?? attr(tag, "name");
        if (name && !page.meta.has(name)) page.meta.set(name, attr(tag, "content") ?? "");
      }
      for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
        const rel = attr(tag, "rel");
        if (rel === "canonical") page.canonical = attr(tag, "href");
        if (rel === "alternate" && attr(tag, "hrefLang")) page.alternates.set(attr(tag, "hrefLang")!, attr(tag, "href")!);
      }
      for (const [tag] of html.matchAll(/<a\b[^>]*>/g)) {
        const href = attr(tag, "href");
        if (!href || href.startsWith("#") || (/^(mailto|tel|https?):/.test(href) && !href.startsWith(origin))) continue;
        const next = new URL(href, url);
        next.hash = "";
        if (next.origin !== origin || seen.has(next.href)) continue;
        seen.add(next.href);
        queue.push({ url: next.href, from: url });
      }
    }
  }
  // Workers pick up links the others find: keep going until the queue stays empty.
  while (queue.length) await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

beforeAll(async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  site = await startProcess(
    "build/server.js",
    { PORT: String(port), SITE_URL: origin, DATA_DIR: tempDir("remed-crawl-"), LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "100000" },
    `${origin}/healthz`,
  );
  await crawl(origin);
}, 300_000);
afterAll(() => site?.stop());

describe("a crawl from every language's home page", () => {
  test("reaches every page of the route table, and every link answers 200", () => {
    const broken = [...pages.values()].filter((p) => p.status !== 200).map((p) => `${p.status} ${decodeURI(p.url)} (linked from ${decodeURI(p.from)})`);
    expect(broken).toEqual([]);
    const reached = new Set([...pages.keys()].map((u) => decodeURI(new URL(u).pathname)));
    expect(tablePaths.filter((p) => !reached.has(p))).toEqual([]);
    // Every document the table offers is linked from its page, as a file (ADR 052).
    const documents = table.pages.flatMap((p) => ("document" in p && p.document ? Object.entries(p.slugs).map(([lang, slug]) => `/${lang}/${slug}.txt`) : []));
    expect([...files].sort()).toEqual(documents.sort());
    expect(files).toContain("/tr/kvkk-aydinlatma-metni.txt");
    // Details linked from the lists were followed too: blog posts, deals, doctors, treatments.
    for (const base of ["/en/blog/", "/en/special-deals/", "/en/doctors/", "/en/treatments/", "/ar/العلاجات/"]) {
      expect([...reached].filter((p) => p.startsWith(base)).length, base).toBeGreaterThan(2);
    }
  });

  test("every page names itself as canonical, and hreflang is reciprocal with an x-default", () => {
    const problems: string[] = [];
    for (const page of pages.values()) {
      if (page.status !== 200) continue;
      if (page.canonical !== page.url) problems.push(`${decodeURI(page.url)}: canonical ${page.canonical}`);
      if (!page.alternates.has("x-default")) problems.push(`${decodeURI(page.url)}: no x-default`);
      for (const [lang, href] of page.alternates) {
        if (lang === "x-default") continue;
        const other = pages.get(href);
        if (!other) problems.push(`${decodeURI(page.url)}: alternate ${lang} ${decodeURI(href)} was not reached by the crawl`);
        else if (![...other.alternates.values()].includes(page.url)) problems.push(`${decodeURI(href)} does not link back to ${decodeURI(page.url)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("the sitemap parses as XML and lists exactly the pages the crawl found", async () => {
    const res = await fetch(`${site.url}/sitemap.xml`);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "url" || name === "xhtml:link" }).parse(xml);
    const entries = doc.urlset.url as { loc: string; "xhtml:link": { "@_hreflang": string; "@_href": string }[] }[];
    const listed = entries.map((e) => e.loc).sort();
    const crawled = [...pages.values()]
      .filter((p) => p.status === 200)
      .map((p) => p.url)
      .sort();
    expect(listed.filter((u) => !crawled.includes(u)).map(decodeURI), "in the sitemap, not reachable").toEqual([]);
    expect(crawled.filter((u) => !listed.includes(u)).map(decodeURI), "reachable, not in the sitemap").toEqual([]);
    // Its alternates are the pages' own hreflang links.
    for (const entry of entries) {
      const own = pages.get(entry.loc)!;
      const fromSitemap = Object.fromEntries(entry["xhtml:link"].map((l) => [l["@_hreflang"], l["@_href"]]));
      expect(fromSitemap, decodeURI(entry.loc)).toEqual(Object.fromEntries(own.alternates));
    }
  });
});

/** The first page the crawl reached under a list page (`name` in the route table) in `lang`: one of its items. */
function itemOf(name: string, lang: string): Crawled {
  const slug = table.pages.find((p) => p.name === name)!.slugs[lang as "en"];
  const found = [...pages.values()].find((p) => p.status === 200 && decodeURI(new URL(p.url).pathname).startsWith(`/${lang}/${slug}/`));
  if (!found) throw new Error(`The crawl reached no item of ${name} in ${lang}`);
  return found;
}

/** What a checker written elsewhere finds wrong with a page: its failures, not its warnings. */
async function failuresOf(html: string): Promise<string[]> {
  const failed = await structuredDataTest(html, { presets: [Google, Facebook] }).then(
    (result) => result.failed,
    (error: { type?: string; res?: { failed: TestResult[] } }) => {
      if (error.type !== "VALIDATION_FAILED" || !error.res) throw error;
      return error.res.failed;
    },
  );
  return failed.map((f) => `${f.test}: ${f.error?.message ?? f.description}`);
}

describe("what a shared link and a search engine show of a page", () => {
  test("every page names a picture for shared links, with its size and alt text, a large card for X, and on an item's page the item's own; each answers 200 with a JPEG of that size", async () => {
    const problems: string[] = [];
    const stated = new Map<string, { width: number; height: number; on: string }>();
    for (const page of pages.values()) {
      if (page.status !== 200) continue;
      const on = decodeURI(page.url);
      const { meta } = page;
      const image = meta.get("og:image");
      if (!image?.startsWith(`${site.url}/`)) {
        problems.push(`${on}: og:image ${image}`);
        continue;
      }
      if (!meta.get("og:image:alt")) problems.push(`${on}: no og:image:alt`);
      if (meta.get("twitter:card") !== "summary_large_image") problems.push(`${on}: twitter:card ${meta.get("twitter:card")}`);
      if (meta.get("twitter:image") !== image || !meta.get("twitter:image:alt")) problems.push(`${on}: twitter:image ${meta.get("twitter:image")}`);
      const itemPage = !tablePaths.includes(decodeURI(new URL(page.url).pathname));
      if (itemPage && image.includes("/images/share/")) problems.push(`${on}: an item's page shows the default picture`);
      const size = { width: Number(meta.get("og:image:width")), height: Number(meta.get("og:image:height")) };
      const before = stated.get(image);
      if (before && (before.width !== size.width || before.height !== size.height))
        problems.push(`${on}: ${image} is ${size.width}×${size.height} here, not as on ${before.on}`);
      stated.set(image, { ...size, on });
    }
    expect(problems).toEqual([]);
    // The five languages' defaults and every item's own: each fetched once and decoded.
    expect(stated.size).toBeGreaterThan(40);
    for (const [url, { width, height, on }] of stated) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      const decoded = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ format: decoded.format, width: decoded.width, height: decoded.height }, `${url}, on ${on}`).toEqual({ format: "jpeg", width, height });
      // What Facebook and WhatsApp show as a large picture, at the least.
      expect(width >= 600 && height >= 315, url).toBe(true);
    }
  });

  test("Google's and Facebook's checks (structured-data-testing-tool) find no failure on home, a treatment, a doctor and a blog post, in en and ar; the publisher's logo answers at its stated size", async () => {
    for (const lang of ["en", "ar"]) {
      const samples = [pages.get(`${site.url}/${lang}`)!, itemOf("treatments", lang), itemOf("doctors", lang), itemOf("blog", lang)];
      for (const page of samples) expect(await failuresOf(page.html), decodeURI(page.url)).toEqual([]);
    }
    const post = itemOf("blog", "en");
    const posting = JSON.parse(
      /<script type="application\/ld\+json"[^>]*>(\{"@context":"https:\/\/schema.org","@type":"BlogPosting".*?)<\/script>/.exec(post.html)![1],
    );
    const { logo } = posting.publisher;
    expect(logo["@type"]).toBe("ImageObject");
    const decoded = await sharp(Buffer.from(await (await fetch(logo.url)).arrayBuffer())).metadata();
    expect({ width: decoded.width, height: decoded.height }).toEqual({ width: logo.width, height: logo.height });
  });
});

describe("the forms a visitor without JavaScript fills in", () => {
  /** Every form control of every page the crawl reached, with its page. */
  const controls = () =>
    [...pages.values()]
      .filter((p) => p.status === 200)
      .flatMap((p) => [...p.html.matchAll(/<(input|select)\b[^>]*>/g)].map(([tag]) => ({ page: decodeURI(new URL(p.url).pathname), tag })));

  test("e-mail and phone fields read left to right in every language, and the dial codes' options isolate the code from the country's name", () => {
    const fields = controls().filter(({ tag }) => attr(tag, "type") === "email" || /^tel/.test(attr(tag, "autocomplete") ?? ""));
    // The four lead forms, each in the languages it exists in (the dial code's select counts too).
    expect(new Set(fields.map((f) => f.page)).size).toBeGreaterThan(15);
    expect(fields.filter(({ tag }) => attr(tag, "dir") !== "ltr").map(({ page, tag }) => `${page}: ${tag}`)).toEqual([]);

    const arabic = [...pages.values()].filter((p) => p.status === 200 && new URL(p.url).pathname.startsWith("/ar/"));
    const dialLists = arabic.flatMap((p) => [...p.html.matchAll(/<select[^>]*autocomplete="tel-country-code"[^>]*>([\s\S]*?)<\/select>/gi)].map((m) => m[1]));
    expect(dialLists.length).toBeGreaterThan(2);
    for (const list of dialLists) {
      const labels = [...list.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
      expect(labels.length).toBeGreaterThan(200);
      expect(labels.filter((label) => !/^\u2066\+\d+\u2069 \S/.test(label))).toEqual([]);
    }
  });

  test("a page's form starts at its country: the Gabon newsletter's at Gabon, for residence, dial code and towns", () => {
    const gabon = pages.get(`${site.url}${encodeURI("/fr/obtenir-une-offre-gabon-newsletter")}`)!;
    const selected = (name: string) => new RegExp(`<select[^>]*name="${name}"[^>]*>[\\s\\S]*?<option value="([A-Z]{2}|)" selected`).exec(gabon.html)?.[1];
    expect({ phoneCountry: selected("phoneCountry"), country: selected("country") }).toEqual({ phoneCountry: "GA", country: "GA" });
    expect(gabon.html).toContain(">Libreville</option>");
    const offer = pages.get(`${site.url}${encodeURI("/fr/obtenir-une-offre")}`)!;
    expect(/<select[^>]*name="phoneCountry"[^>]*>[\s\S]*?<option value="TR" selected/.test(offer.html)).toBe(true);
  });
});

test("every page but home shows where it is: a breadcrumb trail from home to the page, the same as its BreadcrumbList", () => {
  const problems: string[] = [];
  for (const page of pages.values()) {
    if (page.status !== 200) continue;
    const path = decodeURI(new URL(page.url).pathname);
    const nav = /<nav class="breadcrumbs"[^>]*>([\s\S]*?)<\/nav>/.exec(page.html)?.[1];
    const list = [...page.html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]) as { "@type": string; itemListElement?: { name: string; item: string }[] })
      .find((item) => item["@type"] === "BreadcrumbList");
    if (LANGS.some((lang) => path === `/${lang}`)) {
      if (nav || list) problems.push(`${path}: home has a trail`);
      continue;
    }
    if (!nav || !list) {
      problems.push(`${path}: ${nav ? "" : "no breadcrumbs"} ${list ? "" : "no BreadcrumbList"}`);
      continue;
    }
    const names = [...nav.matchAll(/<li[^>]*>(?:<a[^>]*>)?([^<]*)/g)].map((m) =>
      m[1]
        .replace(/&amp;/g, "&")
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"'),
    );
    const steps = list.itemListElement!;
    if (names.join(" / ") !== steps.map((s) => s.name).join(" / "))
      problems.push(`${path}: shows ${names.join(" / ")}, lists ${steps.map((s) => s.name).join(" / ")}`);
    if (steps.at(-1)!.item !== page.url || !/aria-current="page"/.test(nav)) problems.push(`${path}: the trail does not end at the page itself`);
  }
  expect(problems).toEqual([]);
});
