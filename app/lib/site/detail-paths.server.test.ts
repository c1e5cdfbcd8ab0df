import { afterAll, beforeAll, expect, test } from "vitest";
import { listDetailPaths } from "~/lib/site/detail-paths.server";
import { backendWithClient } from "../../../tests/support/backend";

let env: Awaited<ReturnType<typeof backendWithClient>>;

beforeAll(async () => {
  env = await backendWithClient();
}, 30_000);

afterAll(async () => {
  await env?.close();
});

test("lists every blog post, deal and doctor page in every language that has them, with alternates", async () => {
  const paths = await listDetailPaths(env.context);
  const count = (prefix: string) => paths.filter((p) => p.path.startsWith(prefix)).length;
  // Ten posts in en, ru, fr and ar (tr has no blog); four deals in all five languages; twelve
  // doctors where there is a doctors page (not tr).
  expect(["/en/blog/", "/ru/blog-ru/", "/fr/blog/", "/ar/المدونة/"].map(count)).toEqual([10, 10, 10, 10]);
  expect(["/en/doctors/", "/ru/doctors-ru/", "/fr/chirurgiens/", "/ar/الأطباء/"].map(count)).toEqual([12, 12, 12, 12]);
  // Tr: the four deals and two "About life" articles (three in en, two in ar, none in ru or fr).
  expect(paths.filter((p) => p.path.startsWith("/tr/"))).toHaveLength(6);
  expect(paths).toHaveLength(115);
  expect(new Set(paths.map((p) => p.path)).size).toBe(115);

  const post = paths.find((p) => p.path === "/en/blog/first-week-after-a-hair-transplant/202")!;
  expect(post).toMatchObject({ lang: "en", lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  expect(Object.keys(post.alternates).sort()).toEqual(["ar", "en", "fr", "ru"]);
  const deal = paths.find((p) => p.lang === "tr" && p.path.endsWith("/401"))!;
  expect(deal.path).toMatch(/^\/tr\/ozel-kampanyalar\/[^/]+\/401$/);
  expect(Object.keys(deal.alternates).sort()).toEqual(["ar", "en", "fr", "ru", "tr"]);
  const doctor = paths.find((p) => p.path === "/fr/chirurgiens/deniz-karaca")!;
  expect(doctor.alternates).toEqual({
    en: "/en/doctors/deniz-karaca",
    ru: "/ru/doctors-ru/deniz-karaca",
    fr: "/fr/chirurgiens/deniz-karaca",
    ar: "/ar/الأطباء/deniz-karaca",
  });
  // Every alternate is itself listed, so hreflang can be reciprocal.
  const listed = new Set(paths.map((p) => p.path));
  expect(paths.flatMap((p) => Object.values(p.alternates)).filter((alt) => !listed.has(alt!))).toEqual([]);
});
