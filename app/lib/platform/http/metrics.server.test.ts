import { describe, expect, test } from "vitest";
import { routeLabel } from "~/lib/platform/http/metrics.server";
import { detailPath, pathFor, slugDetailPath, subDetailPath } from "~/lib/site/route-table";

describe("routeLabel", () => {
  test("labels every kind of page by its table page, in any language, as the browser sends the path", () => {
    const labels = (path: string) => [routeLabel(path), routeLabel(encodeURI(path))];
    expect(labels(pathFor("about-us", "ar")!)).toEqual(["about-us", "about-us"]);
    expect(labels(detailPath("treatments", "ar", "زراعة-الشعر", 1)!)).toEqual(["treatments-detail", "treatments-detail"]);
    expect(labels(slugDetailPath("doctors", "ru", "some-doctor")!)).toEqual(["doctors-detail", "doctors-detail"]);
    const sub = subDetailPath("treatments", "ar", { uri: "زراعة-الشعر", id: 1 }, { uri: "فوي", id: 101 })!;
    expect(labels(sub)).toEqual(["treatments-subdetail", "treatments-subdetail"]);
  });

  test("keeps paths outside the table to a few labels", () => {
    expect(routeLabel("/en/no-such-page")).toBe("other");
    expect(routeLabel("/%E0%A4%A")).toBe("other");
    expect(routeLabel("/build/entry.client-ABC.js")).toBe("asset");
    expect(routeLabel("/media/treatments/hair-transplant.svg")).toBe("asset");
    expect(routeLabel("/media/u/0123456789abcdef0123456789abcdef/800.webp")).toBe("media");
    expect(routeLabel("/sitemap.xml")).toBe("sitemap.xml");
    expect(routeLabel("/")).toBe("root");
  });
});
