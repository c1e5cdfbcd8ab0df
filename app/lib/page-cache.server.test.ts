import { expect, test } from "vitest";
import { createPageCache, type PageCache } from "~/lib/page-cache.server";

const URL_EN = "http://site/en";
const html = (nonce: string) => `<html><script nonce="${nonce}">1</script><p>page</p><script nonce="${nonce}">2</script></html>`;
const render = (pages: PageCache, nonce: string, contentFailed: boolean, setCookie?: string) => {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  pages.keep(new Request(URL_EN), { status: 200, headers, html: html(nonce), nonce, lang: "en", contentFailed });
};

test("a page whose content reads all succeeded is kept, and answered with the new nonce", async () => {
  const pages = createPageCache(30);
  render(pages, "first", false);
  const page = await pages.kept("GET", "/en", {}, "second");
  expect(page?.body).toBe(html("second"));
});

test("a page rendered while a content read failed is not kept", async () => {
  const pages = createPageCache(30);
  render(pages, "first", true);
  expect(await pages.kept("GET", "/en", {}, "second")).toBeNull();
});

test("a page that sets a cookie other than the language is not kept", async () => {
  const pages = createPageCache(30);
  render(pages, "first", false, "csrf=abc; Path=/");
  expect(await pages.kept("GET", "/en", {}, "second")).toBeNull();
});

test("with 0 seconds nothing is kept", async () => {
  const pages = createPageCache(0);
  render(pages, "first", false);
  expect(await pages.kept("GET", "/en", {}, "second")).toBeNull();
});

test("a client-side navigation's data (single fetch, *.data) is neither kept nor answered", async () => {
  const pages = createPageCache(30);
  pages.keep(new Request("http://site/en.data"), { status: 200, headers: new Headers(), html: html("first"), nonce: "first", lang: "en", contentFailed: false });
  expect(await pages.kept("GET", "/en.data", {}, "second")).toBeNull();
  render(pages, "first", false);
  expect(await pages.kept("GET", "/en.data", {}, "second")).toBeNull();
});
