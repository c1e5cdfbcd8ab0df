import { hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EncryptJWT, jwtDecrypt } from "jose";
import { z } from "zod";
import { ListSchema, SubscriberEmailSchema } from "~/lib/platform/api/subscriptions-contract";

/** Whom a preferences or unsubscribe link is for: an address and the list the mail came from. */
export interface LinkHolder {
  email: string;
  list: z.infer<typeof ListSchema>;
}

const ClaimsSchema = z.object({ e: SubscriberEmailSchema, l: ListSchema });
const PURPOSE = "newsletter-link";

/**
 * The key the links are sealed with. From FORM_SECRET when it is set (every instance shares it, ADR
 * 039); else from a file in DATA_DIR made once, since the links sit in mailboxes for years and a
 * secret drawn at each start would break every one of them on a restart.
 */
export function linkKey(formSecret: string | undefined, dataDir: string): Uint8Array {
  let secret = formSecret;
  if (!secret) {
    const file = path.join(dataDir, "newsletter-link.key");
    try {
      secret = readFileSync(file, "utf8").trim();
    } catch {
      mkdirSync(dataDir, { recursive: true });
      secret = randomBytes(32).toString("hex");
      // "wx": another process that made it first wins, and its key is read back.
      try {
        writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
        chmodSync(file, 0o600);
      } catch {
        secret = readFileSync(file, "utf8").trim();
      }
    }
  }
  return new Uint8Array(hkdfSync("sha256", secret, "remed", "newsletter link", 32));
}

/**
 * Sealed (encrypted and authenticated) rather than only signed: the link sits in a URL, which logs
 * and browsers keep, and the address must not be readable there. It does not expire: RFC 8058 asks
 * that an unsubscribe link keep working, and all it can do is end a subscription or show its lists.
 */
export function createLinkTokens(key: Uint8Array) {
  return {
    seal: ({ email, list }: LinkHolder) =>
      new EncryptJWT({ e: email, l: list }).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).setAudience(PURPOSE).encrypt(key),
    /** The holder, or null for a token forged, altered or made for something else. */
    async open(token: string): Promise<LinkHolder | null> {
      if (token.length > 1000) return null;
      try {
        const { payload } = await jwtDecrypt(token, key, { audience: PURPOSE, contentEncryptionAlgorithms: ["A256GCM"], keyManagementAlgorithms: ["dir"] });
        const claims = ClaimsSchema.safeParse(payload);
        return claims.success ? { email: claims.data.e, list: claims.data.l } : null;
      } catch {
        return null;
      }
    },
  };
}

export type LinkTokens = ReturnType<typeof createLinkTokens>;
