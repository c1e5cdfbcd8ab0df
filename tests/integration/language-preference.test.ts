import { afterAll, beforeAll, describe, expect, test } from "vitest";
import table from "../../app/route-table.json";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// Which language `/` leads back to, and what a first-time visitor's page may be cached as, over
// HTTP against the production build: one server with its page cache on, as in production, and one
// that renders every answer.
let site: Proc;
let rendering: Proc;

async function start(env: Record<string, string>) {
  const port = await freePort();
  return startProcess(
    "build/server.js",
    { PORT: String(port), DATA_DIR: tempDir("remed-language-"), LOG_LEVEL: "warn", ...env },
    `http://127.0.0.1:${port}/readyz`,
  );
}

beforeAll(async () => {
  [site, rendering] = await Promise.all([start({}), start({ PAGE_CACHE_SECONDS: "0" })]);
}, 60_000);
afterAll(() => Promise.all([site?.stop(), rendering?.stop()]));

type Lang = "en" | "fr";
const OTHER: Record<Lang, Lang> = { en: "fr", fr: "en" };
const SHARED = /^public, max-age=0, s-maxage=300, stale-while-revalidate=\d+, stale-if-error=\d+$/;

const base = (page: string, lang: Lang) => {
  const slug = table.pages.find((p) => p.name === page)!.slugs[lang]!;
  return `/${lang}/${slug}`;
};

/** A visitor: the browser's language, and the cookies the site has set so far. */
function visitor(server: Proc, acceptLanguage: string) {
  const cookies = new Map<string, string>();
  return {
    async get(path: string) {
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      const res = await fetch(server.url + path, {
        redirect: "manual",
        headers: { "accept-language": acceptLanguage, ...(cookie ? { cookie } : {}) },
      });
      for (const set of res.headers.getSetCookie()) {
        const [pair] = set.split(";");
        const at = pair.indexOf("=");
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      await res.text();
      return res;
    },
    hasCookies: () => cookies.size > 0,
  };
}

/** The first link on a list page whose path matches, so the test follows what the site links to. */
async function linkFrom(listPath: string, rest: RegExp): Promise<string> {
  const html = await (await fetch(site.url + listPath)).text();
  const paths = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
  const found = paths.find((path) => path.startsWith(`${listPath}/`) && rest.test(path.slice(listPath.length)));
  if (!found) throw new Error(`no link like ${listPath}${rest.source} on ${listPath}`);
  return found;
}

const DETAILS: Record<string, (lang: Lang) => Promise<string>> = {
  treatment: (lang) => linkFrom(base("treatments", lang), /^\/[^/]+\/\d+$/),
  "sub-treatment": (lang) => linkFrom(base("treatments", lang), /^\/[^/]+\/\d+\/[^/]+\/\d+$/),
  "blog post": (lang) => linkFrom(base("blog", lang), /^\/[^/]+\/\d+$/),
  deal: (lang) => linkFrom(base("special-deals", lang), /^\/[^/]+\/\d+$/),
  doctor: (lang) => linkFrom(base("doctors", lang), /^\/[^/]+$/),
};

describe("a language read on a detail page is where / leads next", () => {
  for (const [kind, detailIn] of Object.entries(DETAILS)) {
    for (const lang of ["en", "fr"] as const) {
      test(`a ${kind} in ${lang}, read after a page in ${OTHER[lang]}`, async () => {
        const detail = await detailIn(lang);
        const reader = visitor(site, OTHER[lang]);
        expect((await reader.get(base("about-us", OTHER[lang]))).status).toBe(200);
        expect((await reader.get("/")).headers.get("location")).toBe(`/${OTHER[lang]}`);

        const page = await reader.get(detail);
        expect(page.status).toBe(200);
        expect((await reader.get("/")).headers.get("location")).toBe(`/${lang}`);
      });
    }
  }
});

// Each answer twice: rendered for the visitor, and from the page cache (ADR 009) on a second server.
const ANSWERS = [
  ["rendered", () => rendering],
  ["kept", () => site],
] as const;

async function answer(server: Proc, mode: string, path: string, reader: ReturnType<typeof visitor>) {
  if (mode === "kept") await fetch(server.url + path).then((r) => r.text());
  const res = await reader.get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("x-page-cache")).toBe(mode === "kept" ? "hit" : null);
  return res;
}

describe("a first-time visitor reading pages in their browser's language", () => {
  const cases: [string, Lang, () => Promise<string>][] = [
    ["a route-table page", "fr", async () => base("about-us", "fr")],
    ["a route-table page", "en", async () => base("about-us", "en")],
    ["a detail page", "fr", () => DETAILS.treatment("fr")],
    ["a detail page", "en", () => DETAILS["blog post"]("en")],
  ];
  for (const [kind, lang, pathOf] of cases) {
    for (const [mode, server] of ANSWERS) {
      test(`gets ${kind} in ${lang} (${mode}) that a CDN may share, and no cookie`, async () => {
        const reader = visitor(server(), `${lang}-${lang.toUpperCase()},${lang};q=0.9`);
        const res = await answer(server(), mode, await pathOf(), reader);
        expect(res.headers.getSetCookie()).toEqual([]);
        expect(res.headers.get("cache-control")).toMatch(SHARED);
        // Whether a cookie is needed depends on the browser's language, so a CDN must key on it.
        expect(res.headers.get("vary")).toMatch(/\bCookie\b/);
        expect(res.headers.get("vary")).toMatch(/\bAccept-Language\b/);
        expect((await reader.get("/")).headers.get("location")).toBe(`/${lang}`);
      });
    }
  }
});

describe("a first-time visitor reading a page in another language than their browser's", () => {
  for (const [kind, pathOf] of [
    ["a route-table page", async () => base("about-us", "fr")],
    ["a detail page", () => DETAILS.deal("fr")],
  ] as const) {
    for (const [mode, server] of ANSWERS) {
      test(`gets ${kind} (${mode}) that remembers the language, kept private`, async () => {
        const reader = visitor(server(), "en-US,en;q=0.9");
        const res = await answer(server(), mode, await pathOf(), reader);
        expect(res.headers.getSetCookie()).toHaveLength(1);
        expect(res.headers.get("cache-control")).toBe("private, no-cache");
        expect((await reader.get("/")).headers.get("location")).toBe("/fr");
      });
    }
  }

  test("a returning visitor whose stored language is the page's gets no new cookie", async () => {
    const reader = visitor(site, "en");
    await reader.get(base("about-us", "fr"));
    expect(reader.hasCookies()).toBe(true);
    const again = await reader.get(await DETAILS.doctor("fr"));
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
  });
});
