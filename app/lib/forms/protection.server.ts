import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { Cookie } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";

/*
 * Anonymous forms still get a CSRF token (docs/decisions/004): a lead posted from another site in a
 * visitor's name would reach the provider as if the visitor sent it.
 */

/**
 * remix-utils' CSRF as its README shows it, without the optional `secret`: the cookie that holds the
 * token is signed with the form secret by Remix, and a post passes only with the token that cookie
 * holds, so a second signature of the token under the same secret proved nothing more. It cost
 * crypto-js's HMAC on every new visitor's form page (ADR 027's addendum). Tokens signed before are
 * still the tokens their cookies hold, and pass.
 */
/** Marks a stamp sealed with AES-GCM (below). */
const SEALED = "g1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The honeypot's field (left empty by people) and its stamp's, under the names the pages have always used. */
const NAME_FIELD = "name__confirm";
const STAMP_FIELD = "from__confirm";
/** The fields every lead form carries besides its own: the CSRF token, the honeypot and its stamp, "show cities". */
export const PROTECTION_FIELDS = ["csrf", NAME_FIELD, STAMP_FIELD, "intent"] as const;

/** How long a rendered form may be sent: past it, the visitor is asked to send it again (values kept). */
const STAMP_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Stamps already used by an accepted lead, by a digest of the stamp. In this process by default; in
 * Redis when several instances serve the site (REDIS_URL, shared/used-stamps.server.ts), so a filled
 * form is accepted once whichever instance it reaches.
 */
export interface UsedStamps {
  has(key: string): Promise<boolean>;
  /** Marks it used for `ttlMs`; false when it already was (another post took it first). */
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
}

/** This process's memory: forgotten when they would have expired anyway. */
export function localUsedStamps(): UsedStamps {
  const used = new LRUCache<string, true>({ max: 100_000, ttl: STAMP_LIFETIME_MS });
  return {
    has: async (key) => used.has(key),
    async claim(key, ttlMs) {
      if (used.has(key)) return false;
      used.set(key, true, { ttl: ttlMs });
      return true;
    },
    release: async (key) => void used.delete(key),
  };
}

/** A stamp's key among the used ones: short and fixed in length, whatever was posted. */
const stampKey = (stamp: string) => createHash("sha256").update(stamp).digest("base64url");

/**
 * The honeypot, and a stamp with a life: a sealed "valid from" time, FORM_MIN_FILL_SECONDS after the
 * page was made (an instant post is a bot's), that expires a day later and is taken once an accepted
 * lead used it, so a captured post cannot be replayed.
 *
 * Our own, not remix-utils' Honeypot: that one seals its stamp with crypto-js's passphrase AES, whose
 * key derivation runs for every stamp, and a kept form page makes a stamp for every answer
 * (page-cache.server.ts). Measured on the kept offer form, that cost about 30% of its answers per
 * second (ADR 027's addendum). The fields, their names and the props the page renders are the same.
 */
class FormStamp {
  /** The stamp's own key, derived from the form secret, so it is not the key of anything else. */
  private readonly key: Buffer;
  private readonly minFillMs: number;

  constructor(
    secret: string,
    minFillSeconds: number,
    private readonly used: UsedStamps = localUsedStamps(),
  ) {
    this.key = Buffer.from(hkdfSync("sha256", secret, "", "form stamp", 32));
    this.minFillMs = minFillSeconds * 1000;
  }

  /** The honeypot's fields for a page made at `madeAt`, with its stamp. */
  inputProps(madeAt = Date.now()): HoneypotInputProps {
    return { nameFieldName: NAME_FIELD, validFromFieldName: STAMP_FIELD, encryptedValidFrom: this.seal(String(madeAt + this.minFillMs)) };
  }

  /** "spam" for a bot (honeypot filled or left out, stamp missing, forged or too early); "csrf" for a stamp that expired or was used. */
  async verify(formData: FormData): Promise<Rejection | null> {
    // A post without the honeypot's fields is a bot's too: it must not pass for having nothing to check.
    const stamp = formData.get(STAMP_FIELD);
    if (formData.get(NAME_FIELD) !== "" || typeof stamp !== "string") return "spam";
    const validFrom = this.open(stamp);
    const now = Date.now();
    if (validFrom === null || validFrom > now) return "spam";
    if (now - validFrom > STAMP_LIFETIME_MS) return "csrf";
    return (await this.used.has(stampKey(stamp))) ? "csrf" : null;
  }

  /** The time sealed with AES-256-GCM; a random IV per stamp keeps every stamp distinct, as each is used once. */
  private seal(value: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
    return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
  }

  /** The sealed time, or null for a stamp forged or altered. */
  private open(value: string): number | null {
    if (!value.startsWith(SEALED)) return null;
    const encoded = value.slice(SEALED.length);
    const bytes = Buffer.from(encoded, "base64url");
    // Node's decoder skips stray characters and spare bits: only the one spelling of a stamp counts,
    // or a captured stamp respelled would pass as unused.
    if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString("base64url") !== encoded) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Number(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8"));
    } catch {
      return null;
    }
  }

  /** Marks the stamp as used until it would have expired anyway; false when another post took it first. */
  claim(formData: FormData): Promise<boolean> {
    return this.used.claim(stampKey(String(formData.get(STAMP_FIELD))), STAMP_LIFETIME_MS);
  }

  release(formData: FormData): Promise<void> {
    return this.used.release(stampKey(String(formData.get(STAMP_FIELD))));
  }

  /** When the form was rendered (its sealed "valid from" less the minimum fill time), or null for no stamp of ours. */
  renderedAt(formData: FormData): number | null {
    const stamp = formData.get(STAMP_FIELD);
    const validFrom = typeof stamp === "string" ? this.open(stamp) : null;
    return validFrom === null || !Number.isFinite(validFrom) ? null : validFrom - this.minFillMs;
  }
}

/** What a form page carries of its visitor: the CSRF token (their cookie's) and a fresh stamp. */
export interface FormValues {
  csrf: string;
  stamp: string;
}

export type Rejection = "csrf" | "spam";

export interface ProtectionConfig {
  /** The form secret (config.server.ts): seals the stamp (the token's cookie is signed with it too). */
  secret: string;
  /** The token's cookie (cookies.server.ts). */
  cookie: Cookie;
  /** FORM_MIN_FILL_SECONDS: a stamp is not valid before this long after the page was rendered. */
  minFillSeconds: number;
  /** Where used stamps are kept: this process (the default) or Redis, shared by every instance. */
  usedStamps?: UsedStamps;
}

/**
 * The CSRF token and the form stamp, made once by services.server.ts: loaders and actions reach it
 * through the load context (`context.forms`), the page cache through services, so a token a kept
 * page swaps in is signed with the same secret as one a render made, and a stamp used once is
 * refused by every later post to this process (to every instance, with Redis).
 */
export function createFormProtection({ secret, cookie, minFillSeconds, usedStamps }: ProtectionConfig) {
  const csrf = new CSRF({ cookie, formDataKey: "csrf" });
  const stamp = new FormStamp(secret, minFillSeconds, usedStamps);
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
      const refused = await stamp.verify(formData);
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
    /** Seconds from the form's render to now, from its stamp, so time to fill is known without JavaScript (ADR 054); null without a stamp. */
    filledInSeconds(formData: FormData, now = Date.now()): number | null {
      const renderedAt = stamp.renderedAt(formData);
      return renderedAt === null ? null : Math.max(0, Math.floor((now - renderedAt) / 1000));
    },
    /** The stamp's own seal, for tests of its format. */
    stamp,
  };
}

export type FormProtection = ReturnType<typeof createFormProtection>;
