import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pathOf, translation, type Lang } from "../e2e/fixtures";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// What ADR 001 promises for a page that does not exist, whichever way the site finds out: an
// unknown path (the `*` route) or a loader that finds no such item or page number.
let site: Proc;

beforeAll(async () => {
  const port = await freePort();
  site = await startProcess(
    "build/server.js",
    { PORT: String(port), DATA_DIR: tempDir("remed-not-found-"), LOG_LEVEL: "warn" },
    `http://127.0.0.1:${port}/readyz`,
  );
}, 60_000);
afterAll(() => site?.stop());

const MISSING = [
  ["an unknown path", "en", "/en/no-such-page"],
  ["an unknown path in Arabic", "ar", encodeURI("/ar/لا-توجد-صفحة")],
  ["an unknown blog post", "en", "/en/blog/no-such-post/999999"],
  ["an unknown treatment", "fr", "/fr/traitements/pas-de-traitement/999999"],
  ["a list page past the end", "en", "/en/blog?page=99"],
];

const head = (html: string) => html.slice(0, html.indexOf("</head>"));

describe("a page that does not exist", () => {
  for (const [kind, lang, path] of MISSING) {
    for (const [visitor, headers] of [
      ["a first-time visitor", {}],
      ["a returning visitor", { cookie: "consentDetails_remed=abc" }],
    ] as const) {
      test(`${kind} (${path}) answers 404, never stored and not indexed, to ${visitor}`, async () => {
        const res = await fetch(site.url + path, { headers });
        expect(res.status).toBe(404);
        expect(res.headers.get("cache-control")).toBe("no-store");
        const html = await res.text();
        expect(head(html)).toMatch(/<meta name="robots" content="noindex"\/>/);
        // The visitor still gets the page in the URL's language.
        expect(html).toContain(`<html lang="${lang}"`);
      });
    }
  }

  // What the 404 text promises ("These pages may help you further"), there: the list page of what
  // was asked for first, then home, the offer form and contact, in the page's language.
  for (const [kind, lang, path, list] of [
    ["an unknown doctor", "en", "/en/doctors/no-such-doctor", "doctors"],
    ["an unknown treatment", "fr", "/fr/traitements/pas-de-traitement/999999", "treatments"],
  ] as const) {
    test(`${kind} (${path}) lists pages to go on to, and has its <title> in <head>`, async () => {
      const res = await fetch(site.url + path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(head(html)).toContain(`<title>${translation(lang as Lang, "notFound.title")} | Remed</title>`);
      expect(html.slice(html.indexOf("</head>"))).not.toContain("<title");
      const nav = /<nav aria-labelledby="not-found-suggestions"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
      const links = [...nav.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [decodeURI(m[1]), m[2]]);
      expect(links[0]).toEqual([pathOf(list, lang), translation(lang, `titles.${list}`)]);
      expect(links.map(([href]) => href)).toEqual(expect.arrayContaining(["home", "get-an-offer", "contact"].map((name) => pathOf(name, lang))));
    });
  }

  test("a page that exists is indexable", async () => {
    const html = await (await fetch(`${site.url}/en/blog`)).text();
    expect(html).not.toContain('name="robots"');
  });
});
