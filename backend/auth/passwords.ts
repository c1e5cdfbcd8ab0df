import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { checkNewPassword } from "./password-policy";

/*
 * Passwords: scrypt (N=2^15, r=8, p=1: about 32 MB and 50-100 ms a hash), a 16-byte salt and a
 * 64-byte key, stored as `scrypt$N$r$p$salt$hash` (salt and hash base64url), so the cost can be
 * raised later without making the stored hashes unreadable.
 */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** The hash of a new password; the policy first (password-policy.ts): every way a password is set comes through here. */
export async function hashPassword(password: string): Promise<string> {
  await checkNewPassword(password);
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: MAXMEM });
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether the password matches the stored hash; false for a hash it cannot read. Constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  // Only the parameters this code writes (or cheaper ones): a stored hash never sets the cost.
  if (!(n >= 2 && n <= N && r >= 1 && r <= R && p >= 1 && p <= P)) return false;
  const salt = Buffer.from(parts[4], "base64url");
  const expected = Buffer.from(parts[5], "base64url");
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, { N: n, r, p, maxmem: MAXMEM });
  return timingSafeEqual(actual, expected);
}

/**
 * A well-formed hash no password matches (its key is random): a sign-in with an unknown e-mail
 * still costs one full scrypt, so the answer's timing does not tell whether the e-mail exists.
 */
export const DUMMY_HASH = ["scrypt", N, R, P, randomBytes(16).toString("base64url"), randomBytes(KEY_LENGTH).toString("base64url")].join("$");
