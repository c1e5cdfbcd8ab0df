import { decode } from "turbo-stream";
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
/**
 * The page's own route's loader data as the browser decodes it: single fetch writes it into the page
 * as turbo-stream text in JSON strings (`streamController.enqueue("…")`), and after hydration React
 * renders from it, not from the HTML.
 */
async function pageLoaderData(html: string) {
  const text = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map((m) => JSON.parse(m[1]) as string).join("");
  const decoded = await decode(new Response(text).body!);
  await decoded.done;
  return Object.values((decoded.value as { loaderData: Record<string, unknown> }).loaderData).at(-1);
}

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
      return {
        hit: res.headers.get("x-page-cache"),
        banner: html.includes('class="consent-banner"'),
        cids: new Set([...html.matchAll(/cid=([\d.]+)/g)].map((m) => m[1])),
      };
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

  test("a form page is kept, but each visitor gets a form token of their own (with its cookie) and a fresh stamp; a lead from it is accepted", async () => {
    const hidden = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]+)"`).exec(html)![1];
    // The render that fills the cache: its token and stamp are its own visitor's. The loader names
    // them to the server in a header no browser gets (forms/kept-form.ts).
    const miss = await get("/en/contact");
    expect(miss.headers.get("x-page-cache")).toBeNull();
    const missHtml = await miss.text();
    const first = [hidden(missHtml, "csrf"), hidden(missHtml, "from__confirm")];
    for (const res of [miss, await get("/en/contact.data")]) expect(res.headers.has("x-kept-form")).toBe(false);
    /**
     * A hit carries its own token and stamp in the form and in the loader data the browser's form
     * renders from after hydration, and nowhere the first visitor's: a copy the cache did not find
     * to swap (written differently in the data script) would hand them on.
     */
    const ownValuesOnly = async (html: string, token: string, stamp: string) => {
      const data = await pageLoaderData(html);
      expect(data).toMatchObject({ csrf: token, honeypot: { encryptedValidFrom: stamp } });
      for (const value of first) {
        expect(html).not.toContain(value);
        expect(JSON.stringify(data)).not.toContain(value);
      }
    };
    const visitors = [];
    for (let i = 0; i < 3; i++) {
      const res = await get("/en/contact");
      expect(res.headers.get("x-page-cache")).toBe("hit");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const html = await res.text();
      const visitor = { token: hidden(html, "csrf"), stamp: hidden(html, "from__confirm"), cookie: res.headers.getSetCookie()[0].split(";")[0], html };
      await ownValuesOnly(html, visitor.token, visitor.stamp);
      visitors.push(visitor);
    }
    expect(new Set(visitors.map((v) => v.token)).size).toBe(3);
    expect(new Set(visitors.map((v) => v.stamp)).size).toBe(3);

    // A returning visitor's copy carries the token of their cookie, sets none, and has a stamp of its own.
    const again = await get("/en/contact", visitors[0].cookie);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.getSetCookie()).toEqual([]);
    const againHtml = await again.text();
    expect(hidden(againHtml, "csrf")).toBe(visitors[0].token);
    expect(hidden(againHtml, "from__confirm")).not.toBe(visitors[0].stamp);
    await ownValuesOnly(againHtml, visitors[0].token, hidden(againHtml, "from__confirm"));

    const send = (cookie: string, token: string, stamp: string) =>
      fetch(site.url + "/en/contact", {
        method: "POST",
        headers: { origin: site.url, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          csrf: token,
          name__confirm: "",
          from__confirm: stamp,
          name: "Elif Kaya",
          email: "kept-form@example.com",
          message: "Please call me about a hair transplant.",
          privacyConsent: "on",
        }).toString(),
        redirect: "manual",
      });
    await new Promise((r) => setTimeout(r, 2_100));
    // Another visitor's token is no use with this visitor's cookie; their own is.
    expect((await send(visitors[1].cookie, visitors[0].token, visitors[1].stamp)).status).toBe(403);
    expect((await send(visitors[1].cookie, visitors[1].token, visitors[1].stamp)).status).toBe(303);
  });

  test("home and a treatment page are still kept pages with the footer sign-up on them; the magazine and Gabon pages have one on the page too", async () => {
    const list = await (await get("/ar/العلاجات")).text();
    const treatment = decodeURI(/href="(\/ar\/[^"]+\/\d+)"/.exec(list.slice(list.indexOf("<main")))![1]);
    for (const path of ["/ar", treatment]) {
      await get(path);
      const kept = await get(path);
      expect(kept.headers.get("x-page-cache"), path).toBe("hit");
      const html = await kept.text();
      // The sign-up posts to the newsletter page in the page's language and carries nothing of its visitor.
      const form = html.slice(
        html.indexOf('<section class="footer-newsletter"'),
        html.indexOf("</section>", html.indexOf('<section class="footer-newsletter"')),
      );
      expect(form).toContain(`action="${"/ar/النشرة-البريدية"}"`);
      expect(form).toContain('name="consent"');
      expect([...form.matchAll(/<input[^>]*\bvalue="([^"]+)"/g)].map((m) => m[1])).toEqual(["subscribe"]);
    }
    // The magazine's and the Gabon newsletter's offer pages have it on the page as well.
    for (const [path, action] of [
      ["/ar/احصل-على-عرض-المجلة", "/ar/النشرة-البريدية"],
      ["/fr/obtenir-une-offre-gabon-newsletter", "/fr/lettre-d-information"],
    ]) {
      const html = await (await get(path)).text();
      expect(html.match(new RegExp(`<form class="newsletter-form" method="post" action="${action}"`, "g")), path).toHaveLength(2);
    }
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
