import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { bulletinMailSuffix, newsletterMailPrefix } from "~/lib/platform/mail/message";
import { addressDigest } from "./address-digest.server";
import { createLinkTokens, linkKey } from "./link-token.server";
import { createNewsletter, ONE_CLICK_PATH } from "./newsletter.server";

const holder = { email: "reader@example.com", list: "ar" as const };

function newsletterWith(key: Uint8Array) {
  const calls: { path: string; payload: unknown }[] = [];
  const erased: string[] = [];
  const newsletter = createNewsletter({
    api: { postJson: async (path: string, payload: unknown) => (calls.push({ path, payload }), { hasError: false, result: { unsubscribed: 1 } }) } as never,
    mailer: { enqueue: async () => true } as never,
    mailbox: {
      eraseMailAbout: async (prefix: string) => (erased.push(prefix), 0),
      eraseBulletinMail: async (suffix: string) => (erased.push(`*${suffix}`), 0),
    } as never,
    tokens: createLinkTokens(key),
    siteUrl: "https://clinic.example",
  });
  return { newsletter, calls, erased };
}

describe("the newsletter's links (ADR 056)", () => {
  test("a bulletin's two unsubscribe headers name the one-click address, whose sealed token ends that list for that address, its confirmation mail and its bulletin mail", async () => {
    const { newsletter, calls, erased } = newsletterWith(linkKey("x".repeat(32), "unused"));
    const headers = await newsletter.unsubscribeHeaders(holder);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = new URL(/^<(.+)>$/.exec(headers["List-Unsubscribe"])![1]);
    expect(url.origin + url.pathname).toBe(`https://clinic.example${ONE_CLICK_PATH}`);
    const token = url.searchParams.get("t")!;
    // Sealed: the address is not readable in the link.
    expect(Buffer.from(token.replace(/\./g, ""), "base64url").toString("latin1")).not.toContain("reader@");
    expect(await newsletter.oneClick(token)).toBe(1);
    expect(calls).toEqual([{ path: "subscriptions/unsubscribe", payload: { email: holder.email, list: "ar" } }]);
    expect(erased).toEqual([newsletterMailPrefix(addressDigest(holder.email)), `*${bulletinMailSuffix(addressDigest(holder.email))}`]);
  });

  test("a token sealed with another key, altered or made up opens to nothing and changes nothing", async () => {
    const { newsletter, calls } = newsletterWith(linkKey("y".repeat(32), "unused"));
    const other = createLinkTokens(linkKey("z".repeat(32), "unused"));
    const foreign = await other.seal(holder);
    const own = await createLinkTokens(linkKey("y".repeat(32), "unused")).seal(holder);
    for (const token of [foreign, `${own.slice(0, -2)}AA`, "made-up", ""]) {
      expect(await newsletter.oneClick(token)).toBeNull();
      expect(await newsletter.listOf(token)).toBeNull();
    }
    expect(await newsletter.listOf(own)).toBe("ar");
    expect(calls).toEqual([]);
  });

  test("without FORM_SECRET the key is made once in DATA_DIR and read back, so mailed links survive a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "remed-newsletter-key-"));
    const sealed = await createLinkTokens(linkKey(undefined, dir)).seal(holder);
    expect(await createLinkTokens(linkKey(undefined, dir)).open(sealed)).toEqual(holder);
    expect(await createLinkTokens(linkKey(undefined, mkdtempSync(join(tmpdir(), "remed-newsletter-key-")))).open(sealed)).toBeNull();
  });
});
