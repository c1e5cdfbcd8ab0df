import { afterEach, beforeEach, expect, test, vi } from "vitest";

/** The page's globals the reporter reads, in Node: where it posts, the page's path and the build. */
beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(null, { status: 202 }))),
  );
  vi.stubGlobal("location", { pathname: "/en/contact" });
  vi.stubGlobal("window", { __remixManifest: { version: "0a1b2c3d" } });
});
afterEach(() => vi.unstubAllGlobals());

test("a page load sends at most 5 reports, each error once, scrubbed before it leaves", async () => {
  const { reportBrowserError } = await import("~/lib/render/report-browser-errors");
  const fetch = vi.mocked(globalThis.fetch);
  const error = new TypeError("No lead for ayse@example.com, +90 532 123 45 67");
  reportBrowserError("error", error);
  reportBrowserError("error", error);
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe("/analytics/error");
  expect(JSON.parse(String(init!.body))).toMatchObject({
    source: "error",
    type: "TypeError",
    message: "No lead for [email], [number]",
    page: "/en/contact",
    release: "0a1b2c3d",
  });
  for (let i = 0; i < 10; i++) reportBrowserError("rejection", new Error(`loop ${i}`));
  expect(fetch).toHaveBeenCalledTimes(5);
});
