import { expect, test } from "vitest";
import { createContentCache } from "~/lib/cache.server";

const api = { get: () => Promise.reject(new Error("unused")) } as never;

test("a request whose content read failed says so; another request's reads do not", async () => {
  const cache = createContentCache();
  const failing = cache.forRequest(api);
  const other = cache.forRequest(api);
  await expect(failing.cached("menu:en", () => Promise.reject(new Error("API down")))).rejects.toThrow("API down");
  expect(await other.cached("menu:fr", async () => ({ items: 1 }))).toEqual({ items: 1 });
  expect(failing.failed).toBe(true);
  expect(other.failed).toBe(false);
});
