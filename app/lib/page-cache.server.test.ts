import { beforeEach, expect, test } from "vitest";
import { requestContext } from "~/lib/logger.server";
import { clearPageCache, configurePageCache, keepPage, keptPage } from "~/lib/page-cache.server";

const URL_EN = "http://site/en";
const html = (nonce: string) => `<html><script nonce="${nonce}">1</script><p>page</p><script nonce="${nonce}">2</script></html>`;
const render = (nonce: string, contentFailed: boolean, setCookie?: string) =>
  requestContext.run({ requestId: "t", contentFailed }, () => {
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    if (setCookie) headers.append("Set-Cookie", setCookie);
    keepPage(new Request(URL_EN), 200, headers, html(nonce), nonce, "en");
  });

beforeEach(() => {
  configurePageCache(30);
  clearPageCache();
});

test("a page whose content reads all succeeded is kept, and answered with the new nonce", async () => {
  render("first", false);
  const page = await keptPage("GET", "/en", {}, "second");
  expect(page?.body).toBe(html("second"));
});

test("a page rendered while a content read failed is not kept", async () => {
  render("first", true);
  expect(await keptPage("GET", "/en", {}, "second")).toBeNull();
});

test("a page that sets a cookie other than the language is not kept", async () => {
  render("first", false, "csrf=abc; Path=/");
  expect(await keptPage("GET", "/en", {}, "second")).toBeNull();
});

test("with 0 seconds nothing is kept", async () => {
  configurePageCache(0);
  render("first", false);
  expect(await keptPage("GET", "/en", {}, "second")).toBeNull();
});

test("a client-side navigation's data (single fetch, *.data) is neither kept nor answered", async () => {
  requestContext.run({ requestId: "t", contentFailed: false }, () => {
    keepPage(new Request("http://site/en.data"), 200, new Headers(), html("first"), "first", "en");
  });
  expect(await keptPage("GET", "/en.data", {}, "second")).toBeNull();
  render("first", false);
  expect(await keptPage("GET", "/en.data", {}, "second")).toBeNull();
});
