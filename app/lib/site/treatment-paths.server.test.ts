import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { languages, routeAt } from "~/lib/site/route-table";
import { listTreatmentPaths } from "~/lib/site/treatment-paths.server";
import { backendWithClient } from "../../../tests/support/backend";

// The listing reads through the site's API client; here that client talks to a real embedded backend.
let harness: Awaited<ReturnType<typeof backendWithClient>>;

beforeAll(async () => {
  harness = await backendWithClient();
});
afterAll(() => harness?.close());

describe("listTreatmentPaths", () => {
  test("lists every treatment and sub-treatment page in every language, with its alternates", async () => {
    const entries = await listTreatmentPaths(harness.context);
    const treatments = await harness.api.get("treatments", { lang: "en", query: { pageIndex: 1, pageSize: 100, categoryId: 1 } });
    const subs = await harness.api.get("subTreatments", { lang: "en" });
    const perLanguage = treatments.result.totalCount + subs.result.totalCount;
    expect(perLanguage).toBeGreaterThan(12);
    expect(entries).toHaveLength(perLanguage * languages.length);
    expect(new Set(entries.map((e) => e.path)).size).toBe(entries.length);

    for (const entry of entries) {
      const found = routeAt(entry.path)?.route;
      expect(found?.page, entry.path).toBe("treatments");
      expect(found?.lang, entry.path).toBe(entry.lang);
      expect(entry.alternates[entry.lang]).toBe(entry.path);
      expect(Object.keys(entry.alternates).sort()).toEqual([...languages].sort());
    }
    expect(entries).toContainEqual(expect.objectContaining({ lang: "en", path: "/en/treatments/hair-transplant/1" }));
    const fue = entries.find((e) => e.path === "/en/treatments/hair-transplant/1/fue-hair-transplant/101");
    expect(fue?.alternates.ar).toMatch(/^\/ar\/العلاجات\/[^/]+\/1\/[^/]+\/101$/);
  });
});
