import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import { checkSignature } from "./mail-webhook.server";
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
});
