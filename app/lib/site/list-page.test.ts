import { describe, expect, test } from "vitest";
import { pagePath, pageWindow } from "~/lib/site/list-page";

describe("pageWindow", () => {
  test("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  test("leaves gaps in a long list around the current page", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(1, 5)).toEqual([1, 2, null, 5]);
    expect(pageWindow(6, 10)).toEqual([1, null, 5, 6, 7, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });
});

test("page 1 is the bare path", () => {
  expect(pagePath("/en/blog", 1)).toBe("/en/blog");
  expect(pagePath("/en/blog", 3)).toBe("/en/blog?page=3");
});
