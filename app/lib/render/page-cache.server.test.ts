import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { expect, test } from "vitest";
import { createSiteCookies } from "~/lib/platform/cookies.server";
import type { Consent } from "~/lib/site/consent.server";
import { createFormProtection } from "~/lib/forms/protection.server";
import { createPageCache as pageCacheWith, type PageCache } from "~/lib/render/page-cache.server";

const SECRET = "a-test-secret-of-thirty-two-chars";
const cookies = createSiteCookies({ secure: false, secret: SECRET });
const forms = createFormProtection({ secret: SECRET, cookie: cookies.csrf, minFillSeconds: 2 });
const createPageCache = (seconds: number) => pageCacheWith(seconds, { cookies, forms });
const consentCookie = cookies.consent;

const URL_EN = "http://site/en";
const html = (nonce: string) => `<html><script nonce="${nonce}">1</script><p>page</p><script nonce="${nonce}">2</script></html>`;
const render = (pages: PageCache, nonce: string, contentFailed: boolean, setCookie?: string) => {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return pages.keep(new Request(URL_EN), { status: 200, headers, html: Buffer.from(html(nonce)), nonce, lang: "en", contentFailed, personal: false });
};

const consent = (performance: boolean, clientId?: string): Consent => ({
  requiredCookies: true,
  performanceAndAnalysisCookies: performance,
  functionalityCookies: performance,
  clientId,
});
const cookieOf = async (value: Consent) => (await consentCookie.serialize(value)).split(";")[0];
/** A page as a visitor with analytics allowed gets it: their client id in the pixel and the loader data. */
const analyticsHtml = (nonce: string, clientId: string) =>
  `<html><script nonce="${nonce}">{"cid":"${clientId}"}</script><img src="/g/collect?cid=${clientId}&amp;v=2"></html>`;
const renderFor = (pages: PageCache, cookie: string, page: string, nonce: string, personal = false) =>
  pages.keep(new Request(URL_EN, { headers: { Cookie: cookie } }), {
    status: 200,
    headers: new Headers(),
    html: Buffer.from(page),
    nonce,
    lang: "en",
    contentFailed: false,
    personal,
  });

test("a page whose content reads all succeeded is kept, and answered with the new nonce", async () => {
  const pages = createPageCache(30);
  await render(pages, "first", false);
  const page = await pages.kept("GET", "/en", {}, "second");
  expect(page?.body.toString()).toBe(html("second"));
});

test("a page rendered while a content read failed is not kept", async () => {
  const pages = createPageCache(30);
  await render(pages, "first", true);
  expect(await pages.kept("GET", "/en", {}, "second")).toBeNull();
});

test("a page that sets a cookie other than the language is not kept", async () => {
  const pages = createPageCache(30);
  await render(pages, "first", false, "csrf=abc; Path=/");
  expect(await pages.kept("GET", "/en", {}, "second")).toBeNull();
});

test("with 0 seconds nothing is kept", async () => {
  const pages = createPageCache(0);
  await render(pages, "first", false);
  expect(await pages.kept("GET", "/en", {}, "second")).toBeNull();
});

test("a client-side navigation's data (single fetch, *.data) is neither kept nor answered", async () => {
  const pages = createPageCache(30);
  await pages.keep(new Request("http://site/en.data"), {
    status: 200,
    headers: new Headers(),
    html: Buffer.from(html("first")),
    nonce: "first",
    lang: "en",
    contentFailed: false,
    personal: false,
  });
  expect(await pages.kept("GET", "/en.data", {}, "second")).toBeNull();
  await render(pages, "first", false);
  expect(await pages.kept("GET", "/en.data", {}, "second")).toBeNull();
});

test("a returning visitor gets the page kept for their consent choice, with their own client id", async () => {
  const pages = createPageCache(30);
  const first = await cookieOf(consent(true, "111.1700000000"));
  await renderFor(pages, first, analyticsHtml("n1", "111.1700000000"), "n1");
  const page = await pages.kept("GET", "/en", { cookie: await cookieOf(consent(true, "222.1700000001")) }, "n2");
  expect(page?.body.toString()).toBe(analyticsHtml("n2", "222.1700000001"));
  // Another choice is another variant: a visitor who has not chosen yet gets the banner, rendered.
  expect(await pages.kept("GET", "/en", {}, "n3")).toBeNull();
  expect(await pages.kept("GET", "/en", { cookie: await cookieOf(consent(false)) }, "n3")).toBeNull();
});

test("a form page is kept with its token and stamp swapped for each visitor's own, and the new visitor's cookie", async () => {
  const token = (n: number) => `tok${n}`.padEnd(40, "A") + ".sig";
  const stamp = (n: number) => `U2FsdGVkX1+${n}`.padEnd(44, "b") + "=";
  const formHtml = (nonce: string, n: number) =>
    `<html><script nonce="${nonce}">{"csrf":"${token(n)}","stamp":"${stamp(n)}"}</script><input name="csrf" value="${token(n)}"><input name="from__confirm" value="${stamp(n)}"></html>`;
  let made = 1;
  const renew = async (cookie: string | undefined) => {
    made++;
    return { values: { csrf: token(made), stamp: stamp(made) }, setCookie: cookie ? null : `csrf=${made}; Path=/` };
  };
  const pages = pageCacheWith(30, { cookies, forms: { values: renew } });
  // As the render leaves them: the form route's caching (forms/headers.ts) and the new visitor's cookie.
  const headers = new Headers({ "Set-Cookie": "csrf=1; Path=/", "Cache-Control": "private, no-store" });
  await pages.keep(new Request(URL_EN), {
    status: 200,
    headers,
    html: Buffer.from(formHtml("n1", 1)),
    nonce: "n1",
    lang: "en",
    contentFailed: false,
    personal: false,
    form: { csrf: token(1), stamp: stamp(1) },
  });
  const newVisitor = await pages.kept("GET", "/en", {}, "n2");
  expect(newVisitor?.body.toString()).toBe(formHtml("n2", 2));
  expect(new Headers(newVisitor?.headers).getSetCookie()).toEqual(["csrf=2; Path=/"]);
  expect(new Headers(newVisitor?.headers).get("Cache-Control")).toBe("private, no-store");
  const returning = await pages.kept("GET", "/en", { cookie: "csrf=abc" }, "n3");
  expect(returning?.body.toString()).toBe(formHtml("n3", 3));
  expect(new Headers(returning?.headers).getSetCookie()).toEqual([]);
});

test("a kept form page whose token cannot be made for this visitor is rendered for them instead", async () => {
  const token = "t".repeat(40);
  const stamp = "s".repeat(40);
  const pages = pageCacheWith(30, { cookies, forms: { values: () => Promise.reject(new Error("no token today")) } });
  await pages.keep(new Request(URL_EN), {
    status: 200,
    headers: new Headers(),
    html: Buffer.from(`${html("n1")}<input value="${token}"><input value="${stamp}">`),
    nonce: "n1",
    lang: "en",
    contentFailed: false,
    personal: false,
    form: { csrf: token, stamp },
  });
  expect(await pages.kept("GET", "/en", {}, "n2")).toBeNull();
});

test("a form page whose token is not in it, or is too short to swap safely, is not kept", async () => {
  const pages = pageCacheWith(30, { cookies, forms: { values: async () => ({ values: { csrf: "x".repeat(40), stamp: "y".repeat(40) }, setCookie: null }) } });
  const keep = (csrf: string, page: string) =>
    pages.keep(new Request(URL_EN), {
      status: 200,
      headers: new Headers(),
      html: Buffer.from(page),
      nonce: "n1",
      lang: "en",
      contentFailed: false,
      personal: false,
      form: { csrf, stamp: "s".repeat(40) },
    });
  await keep("t".repeat(40), `${html("n1")}<input value="${"s".repeat(40)}">`);
  expect(await pages.kept("GET", "/en", {}, "n2")).toBeNull();
  await keep("en", `${html("n1")}<input value="en"><input value="${"s".repeat(40)}">`);
  expect(await pages.kept("GET", "/en", {}, "n2")).toBeNull();
});

test("a back-office page (personal) is not kept, whatever the cookies", async () => {
  const pages = createPageCache(30);
  await renderFor(pages, "csrf=abc", html("n1"), "n1", true);
  expect(await pages.kept("GET", "/en", { cookie: "csrf=abc" }, "n2")).toBeNull();
  expect(await pages.kept("GET", "/en", {}, "n2")).toBeNull();
});

test("the form-token cookie is let through; a cookie the cache does not know (a toast) gets a render", async () => {
  const pages = createPageCache(30);
  await render(pages, "n1", false);
  expect((await pages.kept("GET", "/en", { cookie: "csrf=abc" }, "n2"))?.body.toString()).toBe(html("n2"));
  expect(await pages.kept("GET", "/en", { cookie: "toast=xyz" }, "n2")).toBeNull();
});

test("a drop takes the pages it names in every variant and with any query string, and keeps the rest", async () => {
  const pages = createPageCache(30);
  const keep = (url: string, cookie?: string) =>
    pages.keep(new Request(url, cookie ? { headers: { Cookie: cookie } } : {}), {
      status: 200,
      headers: new Headers(),
      html: Buffer.from(html("n1")),
      nonce: "n1",
      lang: "ar",
      contentFailed: false,
      personal: false,
    });
  const choice = await cookieOf(consent(false));
  const list = encodeURI("/ar/المدونة");
  await Promise.all([keep(`http://site${list}`), keep(`http://site${list}`, choice), keep(`http://site${list}?page=2`), keep(URL_EN)]);
  pages.drop((path) => path === "/ar/المدونة");
  expect(await pages.kept("GET", list, {}, "n2")).toBeNull();
  expect(await pages.kept("GET", list, { cookie: choice }, "n2")).toBeNull();
  expect(await pages.kept("GET", `${list}?page=2`, {}, "n2")).toBeNull();
  expect((await pages.kept("GET", "/en", {}, "n2"))?.body.toString()).toBe(html("n2"));
});

test("kept pages hold at most 16 MB of memory, as many pages as before (issue #16's resident memory)", async () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  // Freed buffers are swept after a collection, not in it: collect again once they have been.
  const held = async () => {
    gc();
    await new Promise((done) => setTimeout(done, 50));
    gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const pages = createPageCache(30);
  // A page of a million characters, English but for the language menu's own names, as every page has.
  const page = (nonce: string) => `<html><a>Русский</a><a>العربية</a><script nonce="${nonce}">1</script>${"x".repeat(1_000_000)}</html>`;
  // The same page at 20 addresses: each kept page is a copy of its own.
  const sent = Buffer.from(page("n1"));
  const before = await held();
  for (let n = 0; n < 20; n++) {
    await pages.keep(new Request(`http://site/en/blog/${n}`), {
      status: 200,
      headers: new Headers(),
      html: sent,
      nonce: "n1",
      lang: "en",
      contentFailed: false,
      personal: false,
    });
  }
  const grown = (await held()) - before;
  // 16 MB of pages, and room for the cache's own bookkeeping.
  expect(grown).toBeLessThan(24 * 1024 * 1024);
  // The 32 MB of two-byte strings the cache held before kept the last 16 such pages: so does this.
  const kept = [];
  for (let n = 0; n < 20; n++) if (await pages.kept("GET", `/en/blog/${n}`, {}, "n2")) kept.push(n);
  expect(kept).toEqual(Array.from({ length: 16 }, (_, i) => 4 + i));
  expect((await pages.kept("GET", "/en/blog/19", {}, "n2"))?.body.toString()).toBe(page("n2"));
});
