import { expect, test } from "vitest";
import { createContentCache } from "~/lib/platform/cache.server";

const api = { get: () => Promise.reject(new Error("unused")) } as never;

test("a request whose content read failed says so; another request's reads do not", async () => {
  const cache = createContentCache();
  const failing = cache.forRequest(api);
  const other = cache.forRequest(api);
  await expect(failing.content.cached("menu:en", () => Promise.reject(new Error("API down")))).rejects.toThrow("API down");
  expect(await other.content.cached("menu:fr", async () => ({ items: 1 }))).toEqual({ items: 1 });
  expect(failing.failed).toBe(true);
  expect(other.failed).toBe(false);
});

test("a request that waited on another's failed read, and failed again itself, says so too", async () => {
  const cache = createContentCache();
  const first = cache.forRequest(api);
  const second = cache.forRequest(api);
  const down = () => Promise.reject(new Error("API down"));
  // Both ask at once: the second joins the first one's read, then asks again on its own.
  const reads = [first.content.cached("cities:en", down), second.content.cached("cities:en", down)];
  for (const read of reads) await expect(read).rejects.toThrow("API down");
  expect(first.failed).toBe(true);
  // A page that falls back on something else (no cities) must not be kept for later visitors.
  expect(second.failed).toBe(true);
});
