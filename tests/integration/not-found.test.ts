import { afterAll, beforeAll, describe, expect, test } from "vitest";
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

  test("a page that exists is indexable", async () => {
    const html = await (await fetch(`${site.url}/en/blog`)).text();
    expect(html).not.toContain('name="robots"');
  });
});
