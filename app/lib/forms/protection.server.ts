import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import type { Cookie } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";

/*
 * Anonymous forms still get a CSRF token (docs/decisions/004): a lead posted from another site in a
 * visitor's name would reach the provider as if the visitor sent it.
 */

/**
 * remix-utils' CSRF with new tokens made by Node's crypto instead of crypto-js, which drew the
 * random bytes four at a time: most of a first-time visitor's token cost on a form page (#16).
 * The same format, 32 random bytes and their HMAC-SHA256 under the secret, each base64url without
 * padding, so remix-utils checks them as its own (protection.server.test.ts holds it to that).
 */
class NodeCSRF extends CSRF {
  /** remix-utils keeps its secret private: the same one, read from the options. */
  private readonly key: string;

  constructor(options: ConstructorParameters<typeof CSRF>[0] & { secret: string }) {
    super(options);
    this.key = options.secret;
  }

  generate(bytes = 32) {
    const token = randomBytes(bytes).toString("base64url");
    return `${token}.${createHmac("sha256", this.key).update(token).digest("base64url")}`;
  }
}

/** Marks a stamp sealed with Node's AES-GCM (below). */
const SEALED = "g1.";
/** How crypto-js's stamps (from before) begin: "Salted__", base64. Without it crypto-js would draw a new salt on every read. */
const CRYPTO_JS_SALTED = "U2FsdGVkX1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const NAME_FIELD = "name__confirm";
const STAMP_FIELD = "from__confirm";
/** The fields every lead form carries besides its own: the CSRF token, the honeypot and its stamp, "show cities". */
export const PROTECTION_FIELDS = ["csrf", NAME_FIELD, STAMP_FIELD, "intent"] as const;

/** How long a rendered form may be sent: past it, the visitor is asked to send it again (values kept). */
const STAMP_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The honeypot, plus a stamp with a life: an encrypted "valid from" time (remix-utils' check) set
 * FORM_MIN_FILL_SECONDS after the page was rendered (so an instant post is refused by the library's
 * own check), expires a day later, and is taken once an accepted lead used it, so a captured post
 * cannot be replayed. Both honeypot fields are required: remix-utils skips its check when both
 * are missing.
 */
class FormStamp extends Honeypot {
  /** The stamp's own key, derived from the form secret, so it is not the key of anything else. */
  private readonly key: Buffer;
  private readonly minFillMs: number;
  /** Stamps already used by an accepted lead; forgotten when they would have expired anyway. */
  private used = new LRUCache<string, true>({ max: 100_000, ttl: STAMP_LIFETIME_MS });

  constructor(secret: string, minFillSeconds: number) {
    super({ encryptionSeed: secret, nameFieldName: NAME_FIELD, validFromFieldName: STAMP_FIELD });
    this.key = Buffer.from(hkdfSync("sha256", secret, "", "form stamp", 32));
    this.minFillMs = minFillSeconds * 1000;
  }

  inputProps(): HoneypotInputProps {
    return this.getInputProps({ validFromTimestamp: Date.now() + this.minFillMs });
  }

  /** "spam" for a bot (honeypot filled or missing, stamp forged or too early); "csrf" for a stamp that expired or was used. */
  verify(formData: FormData): Rejection | null {
    if (!formData.has(NAME_FIELD) || !formData.has(STAMP_FIELD)) return "spam";
    try {
      this.check(formData);
    } catch {
      // SpamError: a bot.
      return "spam";
    }
    const stamp = String(formData.get(STAMP_FIELD));
    const validFrom = Number(this.decrypt(stamp));
    if (!Number.isFinite(validFrom)) return "spam";
    return Date.now() - validFrom > STAMP_LIFETIME_MS || this.used.has(stamp) ? "csrf" : null;
  }

  /**
   * The "valid from" time sealed with AES-256-GCM from Node's crypto. remix-utils seals it with
   * crypto-js's passphrase AES, whose key derivation ran on every form page: 5% of the offer form's
   * server time (#16). A random IV per stamp keeps every stamp distinct, as each is used once.
   */
  encrypt(value: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
    return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
  }

  /** The sealed time, or "" for a stamp forged or altered (remix-utils then calls it spam). */
  decrypt(value: string): string {
    // A page rendered before this change still carries crypto-js's stamp: good for its day.
    if (!value.startsWith(SEALED)) return value.startsWith(CRYPTO_JS_SALTED) ? this.decryptCryptoJs(value) : "";
    const encoded = value.slice(SEALED.length);
    const bytes = Buffer.from(encoded, "base64url");
    // Node's decoder skips stray characters and spare bits: only the one spelling of a stamp counts,
    // or a captured stamp respelled would pass as unused.
    if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString("base64url") !== encoded) return "";
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      return "";
    }
  }

  /** crypto-js's reading of one of its own stamps; "" where it fails on a forged one ("Malformed UTF-8 data"). */
  private decryptCryptoJs(value: string): string {
    try {
      return super.decrypt(value);
    } catch {
      return "";
    }
  }

  /** Marks the stamp as used; false when another post took it first. */
  claim(formData: FormData): boolean {
    const stamp = String(formData.get(STAMP_FIELD));
    if (this.used.has(stamp)) return false;
    this.used.set(stamp, true);
    return true;
  }

  release(formData: FormData) {
    this.used.delete(String(formData.get(STAMP_FIELD)));
  }
}

/** What a form page carries of its visitor: the CSRF token (their cookie's) and a fresh stamp. */
export interface FormValues {
  csrf: string;
  stamp: string;
}

export type Rejection = "csrf" | "spam";

export interface ProtectionConfig {
  /** The form secret (config.server.ts): signs the token, seals the stamp. */
  secret: string;
  /** The token's cookie (cookies.server.ts). */
  cookie: Cookie;
  /** FORM_MIN_FILL_SECONDS: a stamp is not valid before this long after the page was rendered. */
  minFillSeconds: number;
}

/**
 * The CSRF token and the form stamp, made once by services.server.ts: loaders and actions reach it
 * through the load context (`context.forms`), the page cache through services, so a token a kept
 * page swaps in is signed with the same secret as one a render made, and a stamp used once is
 * refused by every later post to this process.
 */
export function createFormProtection({ secret, cookie, minFillSeconds }: ProtectionConfig) {
  const csrf = new NodeCSRF({ cookie, formDataKey: "csrf", secret });
  const stamp = new FormStamp(secret, minFillSeconds);
  return {
    /** remix-utils' CSRF: the back office's forms commit and validate its token themselves. */
    csrf,

    /**
     * A form page's per-visitor values, for a render or for a kept page (page-cache.server.ts): the
     * visitor's token, or a new one with its cookie, and a stamp made now.
     */
    async values(cookieHeader: string | null | undefined): Promise<{ values: FormValues; honeypot: HoneypotInputProps; setCookie: string | null }> {
      const [token, setCookie] = await csrf.commitToken(new Headers(cookieHeader ? { Cookie: cookieHeader } : {}));
      const honeypot = stamp.inputProps();
      return { values: { csrf: token, stamp: honeypot.encryptedValidFrom }, honeypot, setCookie };
    },

    /** Checks a posted form; returns why it is refused, or null. */
    async check(formData: FormData, request: Request): Promise<Rejection | null> {
      const refused = stamp.verify(formData);
      if (refused) return refused;
      try {
        await csrf.validate(formData, request.headers);
        return null;
      } catch (error) {
        if (error instanceof CSRFError) return "csrf";
        throw error;
      }
    },

    /** Marks the form's stamp as used by an accepted lead; false when another post took it first. */
    claim: (formData: FormData) => stamp.claim(formData),
    /** Gives the stamp back: the lead it was claimed for was not stored after all. */
    release: (formData: FormData) => stamp.release(formData),
    /** The stamp's own seal, for tests of its format. */
    stamp,
  };
}

export type FormProtection = ReturnType<typeof createFormProtection>;
