import { afterAll, beforeAll, describe, expect, test } from "vitest";
import table from "../../app/route-table.json";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// Which language `/` leads back to after pages read in one language and then another, over HTTP
// against the production build, its page cache on as in production.
let site: Proc;

async function start(env: Record<string, string>) {
  const port = await freePort();
  return startProcess(
    "build/server.js",
    { PORT: String(port), DATA_DIR: tempDir("remed-language-"), LOG_LEVEL: "warn", ...env },
    `http://127.0.0.1:${port}/readyz`,
  );
}

beforeAll(async () => {
  site = await start({});
}, 60_000);
afterAll(() => site?.stop());

type Lang = "en" | "fr";
const OTHER: Record<Lang, Lang> = { en: "fr", fr: "en" };

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
