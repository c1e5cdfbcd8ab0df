import { LeadQuerySchema, type LeadQuery } from "~/lib/platform/api/admin-contract";

/** The inbox's filters as the address carries them (`?kind=offer&from=2026-01-01`), each one valid. */
export type LeadFilters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

export const FILTER_KEYS = ["kind", "status", "language", "from", "to", "q", "view", "sort"] as const;
const shape = LeadQuerySchema.shape;

/** A calendar day that exists (the contract's pattern alone lets 2026-02-31 through). */
const isRealDay = (value: string) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * The filters and page of the inbox's address. A value the API would refuse (`?kind=x`,
 * `?from=bad`, `?pageIndex=-1`) is left out, as if the field were empty, and named in `ignored`:
 * the list answers, the page says what it did not apply, and the filter form shows what was.
 */
export function readLeadFilters(params: URLSearchParams): { filters: LeadFilters; pageIndex: number; ignored: string[] } {
  const filters: LeadFilters = {};
  const ignored: string[] = [];
  for (const key of FILTER_KEYS) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const parsed = shape[key].safeParse(raw);
    if (!parsed.success || parsed.data === undefined || ((key === "from" || key === "to") && !isRealDay(raw))) {
      ignored.push(key);
      continue;
    }
    filters[key] = String(parsed.data);
  }
  const page = shape.pageIndex.safeParse(params.get("pageIndex") ?? undefined);
  if (!page.success) ignored.push("pageIndex");
  return { filters, pageIndex: page.success ? page.data : 1, ignored };
}

/** The API's query for one page of the inbox. */
export const leadQuery = (filters: LeadFilters, pageIndex: number, pageSize: number): LeadQuery => ({ ...filters, pageIndex, pageSize }) as LeadQuery;

/** `?kind=offer&pageIndex=2`: an address of a filtered list with these filters in `keys`' order; page 1 is left out. */
export function listSearch<K extends string>(keys: readonly K[], filters: Partial<Record<K, string>>, pageKey: string, page: number): string {
  const params = new URLSearchParams();
  for (const key of keys) if (filters[key]) params.set(key, filters[key]!);
  if (page > 1) params.set(pageKey, String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** An address of the inbox (or its export) with these filters. */
export const filterSearch = (filters: LeadFilters, pageIndex = 1) => listSearch(FILTER_KEYS, filters, "pageIndex", pageIndex);

/**
 * The page links to show: the first, the last, and two either side of the current one, with null
 * where pages are skipped (shown as an ellipsis); an ellipsis never stands for a single page.
 */
export function pageWindow(current: number, count: number): (number | null)[] {
  const shown = (page: number) => page === 1 || page === count || Math.abs(page - current) <= 2;
  const pages: (number | null)[] = [];
  for (let page = 1; page <= count; page++) {
    if (shown(page) || (shown(page - 1) && shown(page + 1))) pages.push(page);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}
