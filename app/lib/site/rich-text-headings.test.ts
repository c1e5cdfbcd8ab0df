import { describe, expect, test } from "vitest";
import { headingsInOrder } from "./rich-text-headings";
import { sanitizeRichText } from "./sanitize.server";

const levels = (html: string) => [...html.matchAll(/<h(\d)/g)].map((m) => Number(m[1]));

describe("a detail page's rich text headings follow its h1 in order", () => {
  test("a text written with h3 only (the seeded treatments and posts) gets h2, each keeping the h3 look", () => {
    expect(headingsInOrder("<p>a</p><h3>Who it is for</h3><p>b</p><h3>Recovery</h3>")).toBe(
      '<p>a</p><h2 class="rich-text-h3">Who it is for</h2><p>b</p><h2 class="rich-text-h3">Recovery</h2>',
    );
  });

  test("nesting is kept, gaps close, and a text that starts deep is raised", () => {
    expect(levels(headingsInOrder("<h3>a</h3><h4>b</h4><h3>c</h3>"))).toEqual([2, 3, 2]);
    expect(levels(headingsInOrder("<h2>a</h2><h4>b</h4><h2>c</h2>"))).toEqual([2, 3, 2]);
    expect(levels(headingsInOrder("<h4>a</h4><h2>b</h2><h3>c</h3>"))).toEqual([2, 2, 3]);
    expect(headingsInOrder("<h2>a</h2><h3>b</h3>")).toBe('<h2 class="rich-text-h2">a</h2><h3 class="rich-text-h3">b</h3>');
  });

  test("text without headings, and heading-like text, are left alone", () => {
    expect(headingsInOrder("<p>&lt;h3&gt; is a tag</p>")).toBe("<p>&lt;h3&gt; is a tag</p>");
  });

  test("sanitizing twice changes nothing: text an editor saved (sanitized) keeps its headings' looks on the page", () => {
    const written = "<p>a</p><h3>Who it is for</h3><h4>Age</h4><p>b</p><h3>Recovery</h3>";
    const once = sanitizeRichText(written);
    expect(once).toBe('<p>a</p><h2 class="rich-text-h3">Who it is for</h2><h3 class="rich-text-h4">Age</h3><p>b</p><h2 class="rich-text-h3">Recovery</h2>');
    expect(sanitizeRichText(once)).toBe(once);
    // Any other class is still dropped.
    expect(sanitizeRichText('<h3 class="evil rich-text-h3">x</h3>')).toBe('<h2 class="rich-text-h3">x</h2>');
  });

  test("sanitizeRichText re-levels what it keeps", () => {
    expect(sanitizeRichText('<h3 style="x">Who</h3><p>text</p>')).toBe('<h2 class="rich-text-h3">Who</h2><p>text</p>');
  });
});
