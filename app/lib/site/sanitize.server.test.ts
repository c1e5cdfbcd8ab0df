import { describe, expect, test } from "vitest";
import { sanitizeRichText } from "./sanitize.server";

const ID = "0123456789abcdef0123456789abcdef";
const OWN = `/media/u/${ID}/800.webp`;
const img = (src: string, rest = ' width="800" height="533" alt="The clinic\'s waiting room"') => `<p>Before</p><img src="${src}"${rest}><p>After</p>`;

describe("a body's images: only the site's own content-image variants, with their size and alt text", () => {
  test("an uploaded image's variant stays, lazy, with its size and alt text, and a second pass changes nothing", () => {
    const once = sanitizeRichText(img(OWN));
    expect(once).toBe(`<p>Before</p><img src="${OWN}" width="800" height="533" alt="The clinic's waiting room" loading="lazy" decoding="async" /><p>After</p>`);
    expect(sanitizeRichText(once)).toBe(once);
  });

  test.each([
    ["javascript:", "javascript:alert(document.cookie)"],
    ["data:", "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"],
    ["another host", `https://evil.example${OWN}`],
    ["protocol-relative", `//evil.example${OWN}`],
    ["a backslash host", `\\\\evil.example${OWN}`],
    ["a path outside the media", `/admin/users/1?x=${ID}/800.webp`],
    ["a query on the variant", `${OWN}?track=1`],
    ["a width no variant has", `/media/u/${ID}/99999.webp`],
    ["an id that is no image's", `/media/u/${ID.slice(2)}/800.webp`],
  ])("an img whose src is %s is dropped whole", (_, src) => {
    expect(sanitizeRichText(img(src))).toBe("<p>Before</p><p>After</p>");
  });

  test("an own variant without its width, height or alt attribute is dropped, and handlers and styles never stay", () => {
    expect(sanitizeRichText(img(OWN, ' height="533" alt="x"'))).toBe("<p>Before</p><p>After</p>");
    expect(sanitizeRichText(img(OWN, ' width="800" alt="x"'))).toBe("<p>Before</p><p>After</p>");
    expect(sanitizeRichText(img(OWN, ' width="800" height="533"'))).toBe("<p>Before</p><p>After</p>");
    expect(sanitizeRichText(img(OWN, ' width="100%" height="533" alt="x"'))).toBe("<p>Before</p><p>After</p>");
    expect(sanitizeRichText(img(OWN, ' width="800" height="533" alt="x" onerror="alert(1)" style="position:fixed" loading="eager"'))).toBe(
      `<p>Before</p><img src="${OWN}" width="800" height="533" alt="x" loading="lazy" decoding="async" /><p>After</p>`,
    );
  });
});
