import { describe, expect, test } from "vitest";
import { requireExistingPage, requirePageNumber } from "~/lib/site/list-page.server";

const request = (search: string) => new Request(`http://site.test/en/blog${search}`);
const thrown = (fn: () => unknown): Response => {
  try {
    fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
};

describe("requirePageNumber", () => {
  test("reads ?page=N and takes no page as page 1", () => {
    expect(requirePageNumber(request(""))).toBe(1);
    expect(requirePageNumber(request("?page=2"))).toBe(2);
    expect(requirePageNumber(request("?page=17&utm_source=x"))).toBe(17);
  });

  test("moves page 1 and other spellings to the one address of the page", () => {
    const first = thrown(() => requirePageNumber(request("?page=1")));
    expect([first.status, first.headers.get("Location")]).toEqual([301, "/en/blog"]);
    const padded = thrown(() => requirePageNumber(request("?page=02&ref=mail")));
    expect([padded.status, padded.headers.get("Location")]).toEqual([301, "/en/blog?page=2&ref=mail"]);
  });

  test("is no page for what is not a page number", () => {
    for (const search of ["?page=", "?page=0", "?page=-1", "?page=1.5", "?page=two"]) {
      expect(thrown(() => requirePageNumber(request(search))).status, search).toBe(404);
    }
  });
});

test("pages past the end do not exist", () => {
  expect(requireExistingPage(2, 10, 6)).toBe(2);
  expect(requireExistingPage(1, 0, 6)).toBe(1);
  expect(thrown(() => requireExistingPage(3, 10, 6)).status).toBe(404);
});
