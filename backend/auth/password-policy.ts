/*
 * What a new password may not be, besides shorter than 12 characters (PasswordSchema): one of the
 * commonest passwords, one built on one of them with digits or signs around it (`password1234`), or
 * a trivial one (`aaaaaaaaaaaa`, `abcdefghijkl`, `121212121212`). Every new password goes through
 * hashPassword, which asks here first: a user made, a password changed, a reset by mail, the CLI.
 *
 * The list is the common-password dictionary of @zxcvbn-ts/language-common (MIT): bundled, read
 * from disk on the first check, never fetched. ADR 047 says why this list.
 */
export type PasswordRefusal = "common" | "trivial";

/** A refused new password: its reason is the API's error code (`password_common`, `password_trivial`). */
export class PasswordRefusedError extends Error {
  constructor(public reason: PasswordRefusal) {
    super(`password_${reason}`);
    this.name = "PasswordRefusedError";
  }
  get code() {
    return `password_${this.reason}` as const;
  }
}

/** Fewer different characters than this is a pattern, not a password. */
const MIN_DISTINCT = 5;
/** A common word shorter than this inside digits is not what made the password guessable. */
const MIN_CORE = 4;

let common: Promise<ReadonlySet<string>> | undefined;
function commonPasswords(): Promise<ReadonlySet<string>> {
  // Loaded when a password is first set, not by every process that never sets one.
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"].map((p) => p.toLowerCase())));
  return common;
}

/** Whether every step between neighbouring characters is the same (`abcdef`, `987654`, `acegik`): a run on the keyboard's alphabet. */
function isRun(text: string) {
  const codes = [...text].map((c) => c.codePointAt(0)!);
  const step = codes[1] - codes[0];
  return Math.abs(step) <= 2 && codes.every((code, i) => i === 0 || code - codes[i - 1] === step);
}

export async function passwordRefusal(password: string): Promise<PasswordRefusal | null> {
  const lower = password.normalize("NFC").toLowerCase();
  if (new Set(lower).size < MIN_DISTINCT || isRun(lower)) return "trivial";
  const list = await commonPasswords();
  const compact = lower.replace(/[\s\-_.]+/g, "");
  // The word between leading and trailing digits and signs: `password1234`, `!!monkey2024`.
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  if (list.has(lower) || list.has(compact) || (core.length >= MIN_CORE && list.has(core))) return "common";
  return null;
}

/** Throws PasswordRefusedError for a password the policy refuses. */
export async function checkNewPassword(password: string) {
  const refusal = await passwordRefusal(password);
  if (refusal) throw new PasswordRefusedError(refusal);
}
