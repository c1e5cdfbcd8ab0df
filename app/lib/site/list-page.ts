/** How many items each paged list shows; the list pages and the sitemap both read it. */
export const PAGE_SIZES = {
  /** The API's own default page size (ListQuerySchema): the list asks for pages as the API cuts them. */
  treatments: 10,
  /** Two rows of three on a desktop. */
  blog: 6,
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
