import { describe, expect, test } from "vitest";
import { applyCacheControl, htmlCacheControl } from "~/lib/render/cache-control.server";

const get = (headers: Record<string, string> = {}) => new Request("http://x/en", { headers });

describe("HTML Cache-Control", () => {
  test("a cookie-less visit that sets no cookie may be shared briefly", () => {
    expect(htmlCacheControl(get(), 200, new Headers())).toMatch(/^public, max-age=0, s-maxage=300/);
  });
  test("a visitor with cookies, or a response setting one, stays private", () => {
    expect(htmlCacheControl(get({ cookie: "lng=fr" }), 200, new Headers())).toBe("private, no-cache");
    expect(htmlCacheControl(get(), 200, new Headers({ "Set-Cookie": "lng=fr" }))).toBe("private, no-cache");
  });
  test("errors are never stored, missing pages included, with or without cookies", () => {
    expect(htmlCacheControl(get(), 503, new Headers())).toBe("no-store");
    expect(htmlCacheControl(get(), 404, new Headers())).toBe("no-store");
    expect(htmlCacheControl(get({ cookie: "lng=fr" }), 404, new Headers())).toBe("no-store");
  });
  test("a loader's own policy wins, and caches know the answer depends on cookies and the browser's language", () => {
    const headers = new Headers({ "Cache-Control": "public, max-age=3600" });
    applyCacheControl(get(), 200, headers);
    expect(headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(headers.get("Vary")).toBe("Cookie, Accept-Language");
  });
});
