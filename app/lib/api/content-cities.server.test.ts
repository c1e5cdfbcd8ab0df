import { expect, test, vi } from "vitest";
import { getCities } from "~/lib/api/content.server";
import type { ContentReads } from "~/lib/cache.server";

test("a country's towns are kept per language: a Russian page does not get the names an English page was sent", async () => {
  const names: Record<string, string> = { en: "Istanbul", ru: "Стамбул" };
  const get = vi.fn(async (_endpoint: string, { lang }: { lang: string }) => ({ result: { data: [{ id: 1, name: names[lang], countryCode: "TR" }] } }));
  const kept = new Map<string, Promise<object>>();
  const content = {
    api: { get },
    cached: (key: string, load: () => Promise<object>) => {
      if (!kept.has(key)) kept.set(key, load());
      return kept.get(key)!;
    },
  } as unknown as ContentReads;
  expect((await getCities({ content }, "en", "TR"))[0].name).toBe("Istanbul");
  expect((await getCities({ content }, "ru", "TR"))[0].name).toBe("Стамбул");
  expect((await getCities({ content }, "en", "TR"))[0].name).toBe("Istanbul");
  expect(get).toHaveBeenCalledTimes(2);
});
