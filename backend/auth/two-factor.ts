import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { generateSecret, generateURI, verifySync } from "otplib";
import type { Clock } from "../clock";
import type { Db } from "../db";

/** How many recovery codes a user gets; each works once. */
export const RECOVERY_CODES = 10;
/** A code from the step before or after the current one is taken too (clocks drift; typing takes time). */
const TOLERANCE_SECONDS = 30;
const ISSUER = "Remed back office";
/** RFC 6238's and every authenticator app's default. */
const PERIOD_SECONDS = 30;

const digest = (code: string) => createHash("sha256").update(normaliseRecovery(code)).digest("hex");
/** Recovery codes are read aloud and typed: case, spaces and dashes do not count. */
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]+/g, "");
/** `abcd-efgh-ijkl`: 12 letters and digits of base32 (60 bits) in three groups. */
function newRecoveryCode() {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(12);
  const letters = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}`;
}

/**
 * The TOTP secret at rest (ADR 047): wrapped with AES-256-GCM under `key` when the deployment has
 * one (the embedded backend derives it from FORM_SECRET), so a copy of the database alone does not
 * give it away; stored as written otherwise, and said so.
 */
export function createSecretBox(key: Buffer | null) {
  return {
    seal(secret: string): string {
      if (!key) return `plain.${secret}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString("base64url")}.${sealed.toString("base64url")}`;
    },
    /** The secret, or null when it was wrapped under another key (or none is given now). */
    open(stored: string): string | null {
      const [kind, a, b] = stored.split(".");
      if (kind === "plain") return a;
      if (kind !== "v1" || !key) return null;
      try {
        const sealed = Buffer.from(b, "base64url");
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(a, "base64url"));
        decipher.setAuthTag(sealed.subarray(sealed.length - 16));
        return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

type Row = { secret: string; last_step: number; enrolled_at: number | null };

/**
 * Two-factor sign-in with TOTP (RFC 6238, otplib): a secret set up from the account page and
 * confirmed with a current code, ten single-use recovery codes stored as their SHA-256, and the
 * check of a sign-in's second step. A code once used is refused again (the step is kept).
 */
export function createTwoFactor(db: Db, options: { clock: Clock; key: Buffer | null }) {
  const box = createSecretBox(options.key);
  const rowOf = db.prepare("SELECT secret, last_step, enrolled_at FROM two_factor WHERE user_id = ?");
  const upsertSetup = db.prepare(
    "INSERT INTO two_factor (user_id, secret, last_step, enrolled_at) VALUES (?, ?, 0, NULL) ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, last_step = 0, enrolled_at = NULL",
  );
  const enrol = db.prepare("UPDATE two_factor SET enrolled_at = ?, last_step = ? WHERE user_id = ?");
  const setStep = db.prepare("UPDATE two_factor SET last_step = ? WHERE user_id = ?");
  const remove = db.prepare("DELETE FROM two_factor WHERE user_id = ?");
  const dropCodes = db.prepare("DELETE FROM recovery_codes WHERE user_id = ?");
  const insertCode = db.prepare("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)");
  const useCode = db.prepare("UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL");
  const codesLeft = db.prepare("SELECT COUNT(*) FROM recovery_codes WHERE user_id = ? AND used_at IS NULL").pluck();

  const epoch = () => Math.floor(options.clock() / 1000);

  /** The step a current code belongs to, or null; never one at or before `after`. */
  function checkTotp(secret: string, code: string, after: number): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const now = epoch();
    const result = verifySync({ secret, token: code, epoch: now, epochTolerance: TOLERANCE_SECONDS, afterTimeStep: after });
    // The matched step: the current one moved by the result's offset (in 30-second periods).
    return result.valid ? Math.floor(now / PERIOD_SECONDS) + result.delta : null;
  }

  function newRecoveryCodes(userId: number): string[] {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    dropCodes.run(userId);
    for (const code of codes) insertCode.run(userId, digest(code));
    return codes;
  }

  return {
    status(userId: number) {
      const row = rowOf.get(userId) as Row | undefined;
      return { enrolled: Boolean(row?.enrolled_at), recoveryCodesLeft: Number(codesLeft.get(userId)) };
    },

    /** A setup's secret and its otpauth URI: the one under way, or a new one. Null once enrolled. */
    setup(userId: number, label: string): { secret: string; uri: string } | null {
      const row = rowOf.get(userId) as Row | undefined;
      if (row?.enrolled_at) return null;
      let secret = row ? box.open(row.secret) : null;
      if (!secret) {
        secret = generateSecret();
        upsertSetup.run(userId, box.seal(secret));
      }
      return { secret, uri: generateURI({ issuer: ISSUER, label, secret }) };
    },

    /** Confirms a setup with a current code: enrolled, and the recovery codes (shown once); null for a wrong code. */
    confirm(userId: number, code: string): string[] | null {
      return db.transaction(() => {
        const row = rowOf.get(userId) as Row | undefined;
        const secret = row && !row.enrolled_at ? box.open(row.secret) : null;
        const step = secret ? checkTotp(secret, code.trim(), 0) : null;
        if (step === null) return null;
        enrol.run(options.clock(), step, userId);
        return newRecoveryCodes(userId);
      })();
    },

    /** A sign-in's second step: "totp" or "recovery" (that code is then used up), or null. */
    verify(userId: number, code: string): "totp" | "recovery" | null {
      return db.transaction(() => {
        const row = rowOf.get(userId) as Row | undefined;
        if (!row?.enrolled_at) return null;
        const typed = code.trim();
        const secret = box.open(row.secret);
        const step = secret ? checkTotp(secret, typed.replace(/\s+/g, ""), row.last_step) : null;
        if (step !== null) {
          setStep.run(step, userId);
          return "totp";
        }
        const hash = digest(typed);
        const stored = db.prepare("SELECT code_hash FROM recovery_codes WHERE user_id = ? AND used_at IS NULL").pluck().all(userId) as string[];
        const match = stored.find((h) => timingSafeEqual(Buffer.from(h), Buffer.from(hash)));
        if (!match) return null;
        useCode.run(options.clock(), userId, match);
        return "recovery";
      })();
    },

    /** New recovery codes; the old ones stop working. */
    regenerate(userId: number): string[] {
      return db.transaction(() => newRecoveryCodes(userId))();
    },

    disable(userId: number) {
      db.transaction(() => {
        remove.run(userId);
        dropCodes.run(userId);
      })();
    },
  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;
