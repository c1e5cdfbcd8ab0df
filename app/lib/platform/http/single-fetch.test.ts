import { expect, test } from "vitest";
import { isDataRequest, pagePathOf } from "~/lib/platform/http/single-fetch";

test("a data request names its page as Remix reads it; other paths are themselves", () => {
  expect(pagePathOf("/en/about-us/career.data")).toBe("/en/about-us/career");
  expect(pagePathOf("/_root.data")).toBe("/");
  expect(pagePathOf("/en/about-us")).toBe("/en/about-us");
  expect(isDataRequest("/fr.data")).toBe(true);
  expect(isDataRequest("/fr/blog")).toBe(false);
});
