/**
 * How many items each paged list shows; the list pages and the sitemap both read it. The blog and
 * the treatments ask the API for pages of the specification's default size, 10 (its calls name a
 * page size for these two only; testimonials and deals it reads whole, so their page is ours).
 */
export const PAGE_SIZES = {
  treatments: 10,
  blog: 10,
  testimonials: 12,
  "special-deals": 12,
} as const;

/** The path of page N of a list: page 1 is the bare path, the one canonical URL of the list. */
export const pagePath = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

/**
 * The page numbers a pagination shows: the first, the last, and the current one with its neighbours;
 * a gap (null) stands for the pages left out, so a long list keeps a short navigation.
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return shown.flatMap((n, i) => {
    const previous = shown[i - 1];
    if (previous === undefined || n === previous + 1) return [n];
    // A gap of one page shows that page rather than an ellipsis.
    return n === previous + 2 ? [previous + 1, n] : [null, n];
  });
}
