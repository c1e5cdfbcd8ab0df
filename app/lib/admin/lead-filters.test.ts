import { expect, test } from "vitest";
import { filterSearch, pageWindow, readLeadFilters } from "~/lib/admin/lead-filters";

const read = (search: string) => readLeadFilters(new URLSearchParams(search));

test("valid filters and the page are read from the address", () => {
  expect(read("?kind=offer&status=contacted&language=ar&from=2026-01-01&to=2026-01-31&q=%20Анна%20&pageIndex=3")).toEqual({
    filters: { kind: "offer", status: "contacted", language: "ar", from: "2026-01-01", to: "2026-01-31", q: "Анна" },
    pageIndex: 3,
    ignored: [],
  });
  expect(read("")).toEqual({ filters: {}, pageIndex: 1, ignored: [] });
});

test("a value the API would refuse is left out instead of failing the page, and named so the page can say so", () => {
  expect(read("?kind=x&status=open&language=de&from=bad&to=2026-02-31&pageIndex=-1")).toEqual({
    filters: {},
    pageIndex: 1,
    ignored: ["kind", "status", "language", "from", "to", "pageIndex"],
  });
  expect(read("?pageIndex=abc").pageIndex).toBe(1);
  expect(read("?pageIndex=1.5").pageIndex).toBe(1);
  expect(read(`?q=${"x".repeat(101)}`).filters).toEqual({});
  expect(read("?q=%20%20&kind=").filters).toEqual({});
});

test("the filters go back into an address in a fixed order; page 1 is the default and left out", () => {
  expect(filterSearch({ q: "a b", kind: "job" }, 2)).toBe("?kind=job&q=a+b&pageIndex=2");
  expect(filterSearch({}, 1)).toBe("");
  expect(filterSearch({ status: "new" })).toBe("?status=new");
});

test("page links: first, last, and two either side of the current page", () => {
  expect(pageWindow(1, 1)).toEqual([1]);
  expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
  expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
  expect(pageWindow(5, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 12]);
  expect(pageWindow(1, 12)).toEqual([1, 2, 3, null, 12]);
  expect(pageWindow(3, 0)).toEqual([]);
});
