import { describe, expect, test } from "vitest";
import { newNonce } from "~/lib/platform/http/security.server";

describe("CSP nonces", () => {
  test("each is 128 bits and none repeats, across many refills of the pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const nonce = newNonce();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2_000);
  });
});
