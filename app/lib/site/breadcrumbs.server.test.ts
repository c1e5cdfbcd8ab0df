import { describe, expect, test } from "vitest";
import { breadcrumbListJsonLd } from "~/lib/site/breadcrumbs";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
import { getPage } from "~/lib/site/route-table";

describe("breadcrumbs", () => {
  test("lead from home through the section's page to the current page", async () => {
    const doctor = { name: "Д-р Селим Аксой", path: "/ru/doctors-ru/selim-aksoy" };
    expect(await breadcrumbTrail("ru", getPage("doctors")!, doctor)).toEqual([
      { name: "Главная", path: "/ru" },
      { name: "Наши врачи", path: "/ru/doctors-ru" },
      { name: "Д-р Селим Аксой", path: "/ru/doctors-ru/selim-aksoy" },
    ]);
    expect(await breadcrumbTrail("en", getPage("doctors")!)).toHaveLength(2);
  });

  test("give search engines the same steps, as absolute URLs, and nothing for home alone", () => {
    const crumbs = [
      { name: "الرئيسية", path: "/ar" },
      { name: "الأطباء", path: "/ar/الأطباء" },
    ];
    expect(breadcrumbListJsonLd(crumbs, "https://remed.example")).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "الرئيسية", item: "https://remed.example/ar" },
        { "@type": "ListItem", position: 2, name: "الأطباء", item: `https://remed.example${encodeURI("/ar/الأطباء")}` },
      ],
    });
    expect(breadcrumbListJsonLd(crumbs.slice(0, 1), "https://remed.example")).toBeNull();
  });
});
