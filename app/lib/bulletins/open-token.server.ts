import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { OPEN_READER_PATTERN } from "~/lib/platform/api/bulletins-contract";

/** The longest token taken: an issue id (10 digits), a reader (32 hex) and a MAC (22), with their dots. */
const TOKEN_MAX = 70;
const TOKEN = /^(\d{1,10})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{22})$/;

/**
 * The open pixel's token: the issue and the reader (the API's keyed hash of the address, never the
 * address), signed with a key derived from the newsletter links' one (FORM_SECRET, else DATA_DIR:
 * every instance and every restart reads the same). Signed, not sealed: nothing in it is secret to
 * the mailbox it was sent to, and a forged or altered one counts nothing.
 */
export function createOpenTokens(linkKey: Uint8Array) {
  const key = Buffer.from(hkdfSync("sha256", linkKey, "remed", "bulletin open", 32));
  const mac = (id: number, reader: string) => createHmac("sha256", key).update(`open:${id}.${reader}`).digest().subarray(0, 16);
  return {
    make: (id: number, reader: string) => `${id}.${reader}.${mac(id, reader).toString("base64url")}`,
    /** The issue and reader a token names, or null for one forged, altered or of another shape. */
    read(token: string): { id: number; reader: string } | null {
      if (token.length > TOKEN_MAX) return null;
      const parts = TOKEN.exec(token);
      if (!parts) return null;
      const id = Number(parts[1]);
      if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 || !OPEN_READER_PATTERN.test(parts[2])) return null;
      const given = Buffer.from(parts[3], "base64url");
      const expected = mac(id, parts[2]);
      return given.length === expected.length && timingSafeEqual(given, expected) ? { id, reader: parts[2] } : null;
    },
  };
}

export type OpenTokens = ReturnType<typeof createOpenTokens>;
