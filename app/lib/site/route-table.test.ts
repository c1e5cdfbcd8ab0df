import { describe, expect, test } from "vitest";
import type { MenuDoc } from "~/lib/platform/api/menus-contract";
import { resolveMenuDoc } from "~/lib/site/menu-doc.server";
import { defaultMenuDoc, menuShapeErrors, type MenuTable } from "~/lib/site/menu-shapes";
import table from "~/route-table.json";
import {
  allRoutes,
  itemPath,
  menu,
  pathFor,
  routeAt,
  routeAtUrlPath,
  slugDetailPath,
  subDetailPath,
  switcherTargets,
  type ResolvedMenuItem,
} from "~/lib/site/route-table";

const flatten = (items: ResolvedMenuItem[]): string[] =>
  items.flatMap((i) => (i.kind === "group" ? flatten(i.items) : i.kind === "external" ? [i.url] : [i.page]));

describe("route table", () => {
  test("gives each page its own slug in each language", () => {
    expect(pathFor("get-an-offer", "tr")).toBe("/tr/teklif-alin");
    expect(pathFor("doctors", "fr")).toBe("/fr/chirurgiens");
    expect(pathFor("treatments", "fr")).toBe("/fr/traitements");
    expect(pathFor("treatments", "ru")).toBe("/ru/treatments-ru");
    expect(pathFor("register", "tr")).toBe("/tr/kayit-ol");
    expect(pathFor("special-deals", "tr")).toBe("/tr/ozel-kampanyalar");
    expect(pathFor("gabon-newsletter", "fr")).toBe("/fr/obtenir-une-offre-gabon-newsletter");
  });

  test("lets a page stand for another, or not exist, in some languages", () => {
    expect(pathFor("doctors", "tr")).toBe("/tr/teklif-alin");
    expect(pathFor("blog", "tr")).toBe("/tr/teklif-alin");
    expect(pathFor("career", "fr")).toBeNull();
    expect(pathFor("career", "ar")).toBeNull();
    expect(pathFor("gabon-newsletter", "en")).toBeNull();
    expect(pathFor("feedback", "tr")).toBe("/tr/geri-bildirim");
  });

  test("gives every route a unique path", () => {
    const paths = allRoutes().map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test("finds a route from its encoded or decoded path, exactly as Remix was given it", () => {
    const path = pathFor("contact", "ar")!;
    expect(routeAtUrlPath(encodeURI(path))?.route).toMatchObject({ id: "contact.ar", lang: "ar", page: "contact" });
    expect(routeAt(path + "/")?.route).toMatchObject({ lang: "ar", page: "contact" });
    expect(routeAt("/en/nope")).toBeNull();
    expect(routeAt("/en/About-Us")).toBeNull();
    expect(routeAtUrlPath("/%E0%A4%A")).toBeNull();
  });

  test("switches to the route table's equivalent, then page paths, then the list page, then the root", () => {
    expect(switcherTargets("doctors.en").fr).toBe("/fr/chirurgiens");
    expect(switcherTargets("doctors.en").tr).toBe("/tr/teklif-alin");
    expect(switcherTargets("career.tr").fr).toBe("/fr");
    expect(switcherTargets("treatments-detail.en", { fr: "/fr/traitements/cheveux/7" }).fr).toBe("/fr/traitements/cheveux/7");
    // A detail missing in a language leads to its list page there.
    expect(switcherTargets("treatments-detail.en").ar).toBe("/ar/العلاجات");
    expect(switcherTargets("treatments-subdetail.en").ar).toBe("/ar/العلاجات");
    expect(switcherTargets("doctors-detail.en", { fr: "/fr/chirurgiens/some-doctor" }).fr).toBe("/fr/chirurgiens/some-doctor");
    // tr has no doctors page: its doctors path is the offer page.
    expect(switcherTargets("doctors-detail.en").tr).toBe("/tr/teklif-alin");
    expect(switcherTargets("blog-detail.en", { fr: "/fr/blog/premiere-semaine/202" }).tr).toBe("/tr/teklif-alin");
    expect(switcherTargets("not-found").fr).toBe("/fr");
    expect(switcherTargets(undefined).ar).toBe("/ar");
  });

  test("finds slug-based detail pages", () => {
    expect(slugDetailPath("doctors", "ar", "x")).toBe("/ar/الأطباء/x");
    expect(slugDetailPath("doctors", "tr", "x")).toBeNull();
    expect(slugDetailPath("treatments", "en", "x")).toBeNull();
    expect(routeAtUrlPath(encodeURI("/ar/الأطباء/x"))).toMatchObject({ route: { id: "doctors-detail.ar", kind: "slug-detail" }, params: { slug: "x" } });
    expect(routeAt("/en/doctors/x/")).toMatchObject({ route: { lang: "en" }, params: { slug: "x" } });
    expect(routeAt("/en/doctors")?.route.kind).toBe("page");
    expect(routeAt("/en/doctors/x/y")).toBeNull();
    expect(routeAt("/en/about-us/x")).toBeNull();
    expect(routeAt("/en/doctors/x/7")).toBeNull();
    expect(routeAt("/en/treatments/x/7")).toMatchObject({ route: { kind: "detail", page: "treatments" }, params: { uri: "x", id: "7" } });
  });

  test("builds menus from the languages each item names", () => {
    const header = (lang: "en" | "tr" | "ru" | "fr" | "ar") => flatten(menu("header", lang));
    expect(header("en")).toContain("doctors");
    expect(header("tr")).not.toContain("doctors");
    expect(header("tr")).toContain("feedback");
    expect(header("en")).not.toContain("feedback");
    expect(header("tr")).toContain("career");
    expect(header("en")).not.toContain("career");
    expect(header("fr")).not.toContain("testimonials");
    expect(header("ar")).toContain("ceo-message");
    expect(header("fr")).not.toContain("ceo-message");
    expect(flatten(menu("footer", "tr"))).toContain("data-protection-notice");
    expect(flatten(menu("footer", "en"))).not.toContain("data-protection-notice");
    expect(flatten(menu("footer", "ru"))).not.toContain("feedback");
  });

  test("nests sub-treatments under their treatment, and finds them again", () => {
    const path = subDetailPath("treatments", "ar", { uri: "زراعة-الشعر", id: 1 }, { uri: "فوي", id: 101 });
    expect(path).toBe("/ar/العلاجات/زراعة-الشعر/1/فوي/101");
    expect(routeAtUrlPath(encodeURI(path!))).toMatchObject({
      route: { id: "treatments-subdetail.ar", kind: "sub-detail", lang: "ar" },
      params: { uri: "زراعة-الشعر", id: "1", subUri: "فوي", subId: "101" },
    });
    expect(routeAt("/en/treatments/hair/1")?.route.kind).toBe("detail");
    // Only a page the table gives nested items has them.
    expect(subDetailPath("blog", "en", { uri: "a", id: 1 }, { uri: "b", id: 2 })).toBeNull();
    expect(routeAt("/en/blog/a/1/b/2")).toBeNull();
  });

  test("links an item to its detail page only where the table has one", () => {
    expect(itemPath("treatments", "fr", "greffe", 1)).toBe("/fr/traitements/greffe/1");
    expect(itemPath("contact", "tr", "x", 301)).toBe(pathFor("contact", "tr"));
  });

  test("an edited menu shows only pages that exist in its language, and http(s) links only (ADR 062)", () => {
    const doc: MenuDoc = {
      header: [
        { type: "treatments" },
        { type: "page", page: "career" },
        { type: "page", page: "bulletin-archive", label: "Archive" },
        { type: "url", url: "javascript:alert(1)", label: "x", rel: [], newTab: false },
        { type: "url", url: "https://example.org/a", label: "<b>Partner</b>", rel: ["sponsored"], newTab: true },
      ],
      footer: [{ type: "group", group: "footer.legal", label: "Legal", items: [{ type: "page", page: "terms-and-conditions" }] }],
    };
    const none = () => false;
    expect(flatten(resolveMenuDoc(doc, "header", "fr", none))).toEqual(["treatments", "https://example.org/a"]);
    expect(flatten(resolveMenuDoc(doc, "header", "tr", (page) => page === "bulletin-archive"))).toEqual([
      "treatments",
      "career",
      "bulletin-archive",
      "https://example.org/a",
    ]);
    const external = resolveMenuDoc(doc, "header", "en", none).find((i) => i.kind === "external");
    expect(external).toMatchObject({ label: "<b>Partner</b>", rel: "sponsored noopener noreferrer", newTab: true });
    expect(resolveMenuDoc(doc, "footer", "en", none)).toMatchObject([{ kind: "group", label: "Legal", plain: true }]);
    expect(menuShapeErrors(table as unknown as MenuTable, doc, "fr")).toEqual([{ at: "header.1", code: "unknownPage" }]);
  });

  test("the table's default menus, as a document, resolve to the default menus", () => {
    for (const lang of ["en", "tr", "ar"] as const) {
      const doc = defaultMenuDoc(table as unknown as MenuTable, lang);
      expect(menuShapeErrors(table as unknown as MenuTable, doc, lang)).toEqual([]);
      for (const area of ["header", "footer"] as const) expect(resolveMenuDoc(doc, area, lang, () => false)).toEqual(menu(area, lang));
    }
  });
});
