import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { FORM_SHAPE, nameProblem, urlEncodedProblem } from "~/lib/platform/http/form-shape";
import { CONTENT_REGISTRY } from "~/lib/platform/api/content-contract";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";

describe("form shape", () => {
  test("the names the site's forms write pass", () => {
    for (const name of [
      "email",
      "privacyConsent",
      "texts.ar.uri",
      "shared.price",
      "csrf",
      "name__confirm",
      "from__confirm",
      "intent",
      "redirectTo",
      "a[0]",
      "photos[99]",
      "todos[]",
    ]) {
      expect(nameProblem(name), name).toBeNull();
    }
  });

  test("the content editor's largest form is far inside the limits", () => {
    // Every editable field of every kind in every language, as content-form.ts names them.
    const largest = Math.max(
      ...Object.values(CONTENT_REGISTRY).map((kind) => Object.keys(kind.shared).length + Object.keys(kind.texts).length * LANGUAGE_CODES.length),
    );
    expect(largest + 10).toBeLessThan(FORM_SHAPE.maxFields / 4);
  });

  test.each([
    ["x[200000000]", "a list index too large"],
    ["x[100]", "a list index too large"],
    ["x[00000000000000000000000001]", "a list index too large"],
    ["a" + ".a".repeat(FORM_SHAPE.maxNameParts), "a field name nested too deeply"],
    ["a" + "[a]".repeat(100), "a field name is too long"],
    ["a[a][a]", "a field name that is no path"],
    ["a..b", "a field name that is no path"],
    ["__intent__", "a reserved field name"],
    ["__state__", "a reserved field name"],
    ["a.__proto__.b", "a reserved field name"],
    ["constructor.prototype", "a reserved field name"],
    ["n".repeat(FORM_SHAPE.maxNameLength + 1), "a field name is too long"],
  ])("%s is refused (%s)", (name, why) => {
    expect(nameProblem(name)).toBe(why);
  });

  test("a urlencoded body is refused at too many fields before its names are decoded", () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=${i}`).join("&");
    expect(urlEncodedProblem(fields(FORM_SHAPE.maxFields))).toBeNull();
    expect(urlEncodedProblem(fields(FORM_SHAPE.maxFields + 1))).toBe("too many fields");
    expect(urlEncodedProblem(fields(50_000))).toBe("too many fields");
    expect(urlEncodedProblem("&".repeat(5_000))).toBe("too many fields");
  });

  test("names are read as the browser encoded them", () => {
    expect(urlEncodedProblem(`email=a%40b.example&${encodeURIComponent("x[5000000]")}=1`)).toBe("a list index too large");
    expect(urlEncodedProblem("email=a%40b.example&message=x%5B5000000%5D")).toBeNull();
    expect(urlEncodedProblem("%zz=%zz&&&=&a=%")).toBeNull();
  });

  /*
   * A tripwire on conform: the guard refuses the two names conform reads as its own on the server
   * (form-shape.ts, RESERVED_NAMES). If conform ever reads its intents under another name, this
   * fails, and the guard must refuse that name instead.
   */
  test("conform still takes its intent from __intent__, which is why the guard refuses that name", () => {
    const form = new FormData();
    form.append("x[0]", "a");
    form.append("__intent__", JSON.stringify({ type: "update", payload: { name: "x[3]", value: "b" } }));
    const submission = parseWithZod(form, { schema: z.object({ x: z.array(z.string().optional()) }) });
    expect(submission.payload.x).toHaveLength(4);
    expect(nameProblem("__intent__")).toBe("a reserved field name");
  });

  // The same for conform's state: a `__state__` that is not JSON makes conform's parse throw.
  test("conform still reads its state from __state__, which is why the guard refuses that name", () => {
    const form = new FormData();
    form.append("x", "a");
    form.append("__state__", "not json");
    expect(() => parseWithZod(form, { schema: z.object({ x: z.string() }) })).toThrow();
    expect(nameProblem("__state__")).toBe("a reserved field name");
  });
});
