import { describe, expect, test } from "vitest";
import { unexpected, unsavedReason } from "~/lib/admin/content-unsaved.server";
import { ApiError } from "~/lib/platform/api/errors";

const thrown = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error("nothing thrown");
};

describe("an API failure during an editor's post", () => {
  test("no answer, a 5xx or a broken answer is said on the form, before and after the save went through", () => {
    for (const error of [
      new ApiError("timeout", "t"),
      new ApiError("network", "n"),
      new ApiError("contract", "c"),
      thrown(() => unexpected("admin/content/faq/1", { status: 502, data: null })),
    ]) {
      expect(unsavedReason(error, false)).toEqual({ key: "unavailable", status: 503 });
      expect(unsavedReason(error, true)).toEqual({ key: "stepUnavailable", status: 503 });
    }
  });

  test("an unexpected 413 (the item too large for the API) and any other refusal keep the form too", () => {
    expect(
      unsavedReason(
        thrown(() => unexpected("admin/content/blog/1", { status: 413, data: null })),
        false,
      ),
    ).toEqual({ key: "itemTooLarge", status: 413 });
    expect(unsavedReason(new ApiError("status", "s", 405), false)).toEqual({ key: "rejected", status: 502 });
  });

  test("the session's and the item's failures are the error page's, and a bug is no API failure", () => {
    for (const status of [401, 403, 404]) expect(unsavedReason(new ApiError("status", "s", status), false)).toBeNull();
    expect(unsavedReason(new TypeError("x is undefined"), false)).toBeNull();
  });
});
