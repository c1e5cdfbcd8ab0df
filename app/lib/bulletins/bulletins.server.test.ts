import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import { bulletinHtml, mailBodyHtml } from "./mail-html.server";
import { checkSignature } from "./mail-webhook.server";
import { createOpenTokens } from "./open-token.server";
import { richTextToPlain } from "./plain-text.server";

describe("bulletins (ADR 057)", () => {
  test("a bulletin's rich text reads as plain text: paragraphs, bullets, a link's address, no markup or script", () => {
    const html =
      '<h2>Offer</h2><p>Hair &amp; teeth <a href="https://clinic.example/deals">see deals</a></p><ul><li>One</li><li>Two</li></ul><script>x()</script>';
    expect(richTextToPlain(html)).toBe("Offer\n\nHair & teeth see deals (https://clinic.example/deals)\n\n• One\n• Two");
  });

  test("a mail report's signature holds only for its body, its secret and a recent time", () => {
    const body = '{"type":"complaint","email":"a@example.com"}';
    const now = 1_800_000_000_000;
    const sign = (at: number, secret = "s".repeat(20), signed = body) => `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${signed}`).digest("hex")}`;
    const at = now / 1000;
    expect(checkSignature("s".repeat(20), sign(at), body, now)).toBe(true);
    expect(checkSignature("s".repeat(20), sign(at, "t".repeat(20)), body, now)).toBe(false);
    expect(checkSignature("s".repeat(20), sign(at, undefined, `${body} `), body, now)).toBe(false);
    expect(checkSignature("s".repeat(20), sign(at - 301), body, now)).toBe(false);
    expect(checkSignature("s".repeat(20), null, body, now)).toBe(false);
    expect(checkSignature("s".repeat(20), "t=1,v1=zz", body, now)).toBe(false);
  });

  test("a bulletin's HTML body keeps the editor's structure with inline styles, the site's images and links made absolute, and nothing else", () => {
    const image = `/media/u/${"a".repeat(32)}/800.webp`;
    const html = mailBodyHtml(
      `<p style="color:red" onclick="x()">A <a href="/en/deals">deal</a> <a href="https://other.example/x">there</a></p><img src="${image}" width="800" height="600" alt="Clinic"><img src="https://tracker.example/p.gif" width="1" height="1" alt=""><script>x()</script><iframe src="https://e.example"></iframe>`,
      "https://clinic.example",
    );
    expect(html).toContain('<a href="https://clinic.example/en/deals" style=');
    expect(html).toContain('<a href="https://other.example/x" style=');
    expect(html).toContain(`<img src="https://clinic.example${image}" width="800" height="600" alt="Clinic" style=`);
    expect(html).not.toMatch(/tracker|script|iframe|onclick|color:red/);
    const parts = {
      lang: "en" as const,
      title: "T",
      siteUrl: "https://clinic.example",
      clinic: "C",
      footer: "F",
      manageLabel: "M",
      manageUrl: "https://clinic.example/m",
    };
    // Past the size limit, no HTML part: the plain one goes alone.
    expect(bulletinHtml({ ...parts, body: `<p>${"word ".repeat(30_000)}</p>` })).toBeNull();
  });

  test("an open pixel's token names its issue and reader only under the site's key", () => {
    const tokens = createOpenTokens(new Uint8Array(32).fill(7));
    const token = tokens.make(12, "ab".repeat(16));
    expect(tokens.read(token)).toEqual({ id: 12, reader: "ab".repeat(16) });
    expect(createOpenTokens(new Uint8Array(32).fill(8)).read(token)).toBeNull();
    expect(tokens.read(token.replace(/^12\./, "13."))).toBeNull();
    expect(tokens.read(`${token}x`)).toBeNull();
  });
});
