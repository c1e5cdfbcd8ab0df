import { describe, expect, test } from "vitest";
import { fingerprintOf, normaliseMessage, parseStack, topFrameOf } from "~/lib/platform/errors/browser-errors.server";
import { scrubStack, scrubText } from "~/lib/site/scrub-error-text";

describe("browser error reports", () => {
  test("scrubbing takes e-mail addresses, phone-like digit runs and query strings out, and keeps a frame's line and column", () => {
    expect(scrubText("No user ayse.demir+x@example.com.tr at +90 (532) 123-45-67, see https://x.example/p?email=a@b.co#f")).toBe(
      "No user [email] at [number], see https://x.example/p",
    );
    expect(scrubStack("Error: call 05321234567\n    at Xe (https://site.example/build/root-AB12CD34.js?v=1:1:1234567)")).toBe(
      "Error: call [number]\n    at Xe (https://site.example/build/root-AB12CD34.js:1:1234567)",
    );
  });

  test("one error's occurrences share a fingerprint whatever values they carry; another place is another group", () => {
    expect(normaliseMessage(`Cannot read properties of undefined (reading 'title') at id 42, 0xff, 5f3a9c2e11`)).toBe(
      "Cannot read properties of undefined (reading <value>) at id <n>, <id>, <id>",
    );
    const a = fingerprintOf("TypeError", "No item 12 named 'x'", "app/root.tsx Layout");
    expect(fingerprintOf("TypeError", "No item 977 named 'yy'", "app/root.tsx Layout")).toBe(a);
    expect(fingerprintOf("TypeError", "No item 12 named 'x'", "app/routes/home.tsx Home")).not.toBe(a);
  });

  test("stacks of Chromium and Firefox parse into frames; the top frame is the app's own, without line or column", () => {
    const frames = parseStack(
      "TypeError: x\n    at get (<anonymous>:3:9)\n    at Xe (http://h/build/root-AB12CD34.js:1:200)\nshow@http://h/build/_shared/chunk-ZZ.js:2:30",
    );
    expect(frames).toEqual([
      { fn: "get", url: "<anonymous>", line: 3, column: 9 },
      { fn: "Xe", url: "http://h/build/root-AB12CD34.js", line: 1, column: 200 },
      { fn: "show", url: "http://h/build/_shared/chunk-ZZ.js", line: 2, column: 30 },
    ]);
    const resolved = [
      { fn: "get", file: "<anonymous>", line: 3, column: 9, resolved: false },
      { fn: "scrollIntoView", file: "node_modules/react-dom/x.js", line: 1, column: 1, resolved: true },
      { fn: "show", file: "app/components/home/hero-slider.tsx", line: 77, column: 20, resolved: true },
    ];
    expect(topFrameOf(resolved)).toBe("app/components/home/hero-slider.tsx show");
    expect(topFrameOf([{ fn: "Xe", file: "/build/root-AB12CD34.js", line: 1, column: 200, resolved: false }])).toBe("/build/root.js");
  });
});
