import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// Visitors share a page rendered moments ago for their consent choice; nobody gets another visitor's state.
let site: Proc;
const TTL_SECONDS = 2;

beforeAll(async () => {
  const port = await freePort();
  site = await startProcess(
    "build/server.js",
    // Analytics on, so a returning visitor's page carries their own client id.
    { PORT: String(port), DATA_DIR: tempDir("remed-page-cache-"), PAGE_CACHE_SECONDS: String(TTL_SECONDS), LOG_LEVEL: "warn", GA_MEASUREMENT_ID: "G-TEST1234" },
    `http://127.0.0.1:${port}/readyz`,
  );
}, 60_000);
afterAll(() => site?.stop());

const get = (path: string, cookie?: string) => fetch(site.url + encodeURI(path), { headers: cookie ? { cookie } : {} });
/** The consent cookie a visitor gets by answering the banner. */
async function choose(intent: "accept" | "reject") {
  const res = await fetch(site.url + "/consent", {
    method: "POST",
    headers: { origin: site.url, "content-type": "application/x-www-form-urlencoded" },
    body: `intent=${intent}&redirectTo=/en`,
    redirect: "manual",
  });
  return res.headers.getSetCookie()[0].split(";")[0];
}
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy")!)![1];
const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

describe("a kept page", () => {
  test("the next visitor gets the same page, with a fresh nonce that the CSP names", async () => {
    const first = await get("/fr/blog");
    const firstHtml = await first.text();
    expect(first.headers.get("x-page-cache")).toBeNull();

    const second = await get("/fr/blog");
    const secondHtml = await second.text();
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(withoutNonces(secondHtml)).toBe(withoutNonces(firstHtml));
    const nonce = nonceOf(second);
    expect(nonce).not.toBe(nonceOf(first));
    const inPage = [...secondHtml.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
    expect(inPage.length).toBeGreaterThan(0);
    expect(new Set(inPage)).toEqual(new Set([nonce]));
  });

  test("the language preference is still stored, and only when it changes", async () => {
    await get("/ru");
    const fresh = await get("/ru");
    expect(fresh.headers.get("x-page-cache")).toBe("hit");
    const set = fresh.headers.getSetCookie();
    expect(set).toHaveLength(1);
    expect(set[0]).toMatch(/^lng=/);
    expect(fresh.headers.get("cache-control")).toBe("private, no-cache");

    const same = await get("/ru", set[0].split(";")[0]);
    expect(same.headers.get("x-page-cache")).toBe("hit");
    expect(same.headers.getSetCookie()).toEqual([]);

    const other = await get("/ru", (await get("/tr")).headers.getSetCookie()[0].split(";")[0]);
    expect(other.headers.get("x-page-cache")).toBe("hit");
    expect(other.headers.getSetCookie()[0]).toBe(set[0]);
  });

  test("a returning visitor gets the page kept for their consent choice, with their own analytics id and no banner", async () => {
    const [a, b, rejected] = [await choose("accept"), await choose("accept"), await choose("reject")];
    const ids = async (cookie?: string) => {
      const res = await get("/en/treatments", cookie);
      const html = await res.text();
      return { hit: res.headers.get("x-page-cache"), banner: html.includes('class="consent-banner"'), cids: new Set([...html.matchAll(/cid=([\d.]+)/g)].map((m) => m[1])) };
    };
    const idOf = (cookie: string) => JSON.parse(Buffer.from(decodeURIComponent(cookie.split("=")[1]), "base64").toString()).clientId as string;
    expect(idOf(a)).not.toBe(idOf(b));
    expect(await ids(a)).toEqual({ hit: null, banner: false, cids: new Set([idOf(a)]) });
    expect(await ids(b)).toEqual({ hit: "hit", banner: false, cids: new Set([idOf(b)]) });
    // Another choice is another variant: no analytics; and no choice yet shows the banner.
    expect(await ids(rejected)).toEqual({ hit: null, banner: false, cids: new Set() });
    expect(await ids(rejected)).toEqual({ hit: "hit", banner: false, cids: new Set() });
    expect(await ids()).toEqual({ hit: null, banner: true, cids: new Set() });
    expect(await ids()).toEqual({ hit: "hit", banner: true, cids: new Set() });
  });

  test("a visitor with a cookie the cache does not know gets a page rendered for them", async () => {
    await get("/en");
    expect((await get("/en")).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/en", "something=else")).headers.get("x-page-cache")).toBeNull();
  });

  test("a form page is never shared: each visitor gets their own form token, also once they have its cookie", async () => {
    const tokens = [];
    for (let i = 0; i < 3; i++) {
      const res = await get("/en/contact");
      expect(res.headers.get("x-page-cache")).toBeNull();
      tokens.push(/name="csrf"[^>]*value="([^"]+)"/.exec(await res.text())![1]);
    }
    expect(new Set(tokens).size).toBe(3);
    // A returning visitor's form page sets no cookie, and is still theirs alone.
    const cookie = (await get("/en/contact")).headers.getSetCookie()[0].split(";")[0];
    const stamps = [];
    for (let i = 0; i < 2; i++) {
      const res = await get("/en/contact", cookie);
      expect(res.headers.get("x-page-cache")).toBeNull();
      expect(res.headers.getSetCookie()).toEqual([]);
      stamps.push(/name="from__confirm"[^>]*value="([^"]+)"/.exec(await res.text())![1]);
    }
    expect(new Set(stamps).size).toBe(2);
  });

  test("an error page is not kept", async () => {
    await get("/en/no-such-page");
    const again = await get("/en/no-such-page");
    expect(again.status).toBe(404);
    expect(again.headers.get("x-page-cache")).toBeNull();
  });

  test(`a kept page is rendered anew after PAGE_CACHE_SECONDS (${TTL_SECONDS} s)`, async () => {
    await get("/ar");
    expect((await get("/ar")).headers.get("x-page-cache")).toBe("hit");
    await new Promise((r) => setTimeout(r, TTL_SECONDS * 1000 + 300));
    expect((await get("/ar")).headers.get("x-page-cache")).toBeNull();
  });
});
