import { describe, expect, test } from "vitest";
import { ageParts } from "~/lib/admin/age";

describe("ageParts", () => {
  test.each([
    [0, "seconds", 0],
    [59.9, "seconds", 59],
    [60, "minutes", 1],
    [3 * 60 + 59, "minutes", 3],
    [3599, "minutes", 59],
    [3600, "hours", 1],
    [2 * 3600 + 1800, "hours", 2],
    [86_399, "hours", 23],
    [86_400, "days", 1],
    [10 * 86_400, "days", 10],
    [-5, "seconds", 0],
  ])("%s s is %s %s", (seconds, unit, count) => {
    expect(ageParts(seconds)).toEqual({ unit, count });
  });
});
