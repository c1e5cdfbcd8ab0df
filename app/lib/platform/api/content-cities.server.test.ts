import { expect, test, vi } from "vitest";
import type { ApiClient } from "~/lib/platform/api/client.server";
import { getCities } from "~/lib/platform/api/content.server";
import { createContentCache } from "~/lib/platform/cache.server";

test("a country's towns are kept per language: a Russian page does not get the names an English page was sent", async () => {
  const names: Record<string, string> = { en: "Istanbul", ru: "Стамбул" };
  const get = vi.fn(async (_endpoint: string, { lang }: { lang: string }) => ({ result: { data: [{ id: 1, name: names[lang], countryCode: "TR" }] } }));
  const { content } = createContentCache().forRequest({ get } as unknown as Pick<ApiClient, "get" | "getJson">);
  expect((await getCities({ content }, "en", "TR"))[0].name).toBe("Istanbul");
  expect((await getCities({ content }, "ru", "TR"))[0].name).toBe("Стамбул");
  expect((await getCities({ content }, "en", "TR"))[0].name).toBe("Istanbul");
  expect(get).toHaveBeenCalledTimes(2);
});
