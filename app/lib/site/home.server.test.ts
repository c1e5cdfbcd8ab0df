import { beforeEach, describe, expect, test, vi } from "vitest";
import { ApiError } from "~/lib/platform/api/errors";
import type { ContentReads } from "~/lib/platform/cache.server";
import { createLogger } from "~/lib/platform/logger.server";

const image = { url: "/media/x.svg", width: 1200, height: 800, alt: "x" };
const item = (id: number) => ({ id, uri: `item-${id}`, title: `Item ${id}`, summary: "s", body: "", image, languagePaths: [] });
const page = <T>(items: T[]) => ({ items, totalCount: items.length });

const api = vi.hoisted(() => ({
  getSliders: vi.fn(),
  getHighlightedTreatments: vi.fn(),
  getSpecialDealsPage: vi.fn(),
  getBlogPage: vi.fn(),
  getTestimonialsPage: vi.fn(),
}));
vi.mock("~/lib/platform/api/content.server", () => api);

const { loadHomeSections } = await import("~/lib/site/home.server");
const logger = createLogger(undefined, "silent");
// The content reads themselves are mocked above; the context only has to carry the logger.
const context = { content: {} as ContentReads, logger };
const down = () => Promise.reject(new ApiError("network", "API call failed: ECONNREFUSED"));

describe("the home page's sections", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.spyOn(logger, "warn").mockImplementation(() => {});
    api.getSliders.mockResolvedValue([{ id: 1, title: "Slide", subtitle: "s", image, linkLabel: "Go", linkPage: "treatments" }]);
    api.getHighlightedTreatments.mockResolvedValue([{ ...item(1), categoryId: 1, isHighlighted: true, subTreatments: [] }]);
    api.getSpecialDealsPage.mockResolvedValue(page([{ ...item(401), priceFrom: { amount: 2200, currency: "EUR" }, validUntil: "2027-06-30", includes: [] }]));
    const post = (id: number, categoryId: number) => ({ ...item(id), categoryId, publishedAt: "2026-01-01T00:00:00.000Z", author: "A", category: "c" });
    api.getBlogPage.mockResolvedValue(page([post(201, 1)]));
    api.getTestimonialsPage.mockResolvedValue(page([post(301, 3)]));
  });

  test("render every section when the API answers", async () => {
    const home = await loadHomeSections(context, "en");
    expect(logger.warn).not.toHaveBeenCalled();
    expect(home.slides[0].path).toBe("/en/treatments");
    expect(home.treatments[0].path).toBe("/en/treatments/item-1/1");
    expect(home.deals[0].price).toContain("€2,200");
    expect(home.testimonials).toHaveLength(1);
    expect(home.posts[0].date.label).toBe("January 1, 2026");
  });

  test("leave out only the section whose read failed", async () => {
    api.getSpecialDealsPage.mockImplementation(down);
    const home = await loadHomeSections(context, "en");
    // Ops learn of it from the log; the visitor sees the other sections.
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith({ err: expect.stringContaining("ECONNREFUSED") }, "home: a section's content is unavailable");
    expect(home.deals).toEqual([]);
    expect(home.slides).toHaveLength(1);
    expect(home.treatments).toHaveLength(1);
    expect(home.testimonials).toHaveLength(1);
    expect(home.posts).toHaveLength(1);
  });

  test("answer 503 when no section could be read", async () => {
    for (const fn of Object.values(api)) fn.mockImplementation(down);
    const failure = await loadHomeSections(context, "en").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Response);
    expect((failure as Response).status).toBe(503);
  });

  test("ask for no blog teasers in a language without a blog page (tr)", async () => {
    const home = await loadHomeSections(context, "tr");
    expect(home.posts).toEqual([]);
    expect(api.getBlogPage).not.toHaveBeenCalled();
    expect(api.getTestimonialsPage).toHaveBeenCalledTimes(1);
  });
});
