import { XMLParser, XMLValidator } from "fast-xml-parser";
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
}

let site: Proc;
const pages = new Map<string, Crawled>();

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1]?.replace(/&amp;/g, "&");

async function crawl(origin: string) {
  const queue: { url: string; from: string }[] = LANGS.map((lang) => ({ url: `${origin}/${lang}`, from: "start" }));
  const seen = new Set(queue.map((q) => q.url));
  async function worker() {
    while (queue.length) {
      const { url, from } = queue.shift()!;
      const res = await fetch(url, { redirect: "manual" });
      const html = res.headers.get("content-type")?.includes("text/html") ? await res.text() : (await res.body?.cancel(), "");
      const page: Crawled = { url, status: res.status, from, alternates: new Map() };
      pages.set(url, page);
      if (res.status !== 200) continue;
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
    const tablePaths = table.pages.flatMap((p) => Object.entries(p.slugs).map(([lang, slug]) => (slug ? `/${lang}/${slug}` : `/${lang}`)));
    expect(tablePaths.filter((p) => !reached.has(p))).toEqual([]);
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
