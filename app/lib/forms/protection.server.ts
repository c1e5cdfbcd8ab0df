import { createCookie } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { Honeypot, type HoneypotInputProps } from "remix-utils/honeypot/server";
import { config } from "~/config.server";

/**
 * Anonymous forms still get a CSRF token (docs/decisions/004): a lead posted from another site in a
 * visitor's name would reach the provider as if the visitor sent it.
 */
/** The form token's cookie; only form pages read it (the page cache lets it through for that reason). */
export const CSRF_COOKIE = "csrf";

export const csrf = new CSRF({
  cookie: createCookie(CSRF_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    secrets: [config.formSecret],
  }),
  formDataKey: "csrf",
  secret: config.formSecret,
});

const NAME_FIELD = "name__confirm";
const STAMP_FIELD = "from__confirm";
/** The fields every lead form carries besides its own: the CSRF token, the honeypot and its stamp, "show cities". */
export const PROTECTION_FIELDS = ["csrf", NAME_FIELD, STAMP_FIELD, "intent"] as const;

/** How long a rendered form may be sent: past it, the visitor is asked to send it again (values kept). */
const STAMP_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The honeypot, plus a stamp with a life: remix-utils' encrypted "valid from" time is set
 * FORM_MIN_FILL_SECONDS after the page was rendered (so an instant post is refused by the library's
 * own check), expires a day later, and is taken once an accepted lead used it, so a captured post
 * cannot be replayed. Both honeypot fields are required: remix-utils skips its check when both
 * are missing.
 */
class FormStamp extends Honeypot {
  /** Stamps already used by an accepted lead; forgotten when they would have expired anyway. */
  private used = new LRUCache<string, true>({ max: 100_000, ttl: STAMP_LIFETIME_MS });

  inputProps(): HoneypotInputProps {
    return this.getInputProps({ validFromTimestamp: Date.now() + config.FORM_MIN_FILL_SECONDS * 1000 });
  }

  /** "spam" for a bot (honeypot filled or missing, stamp forged or too early); "csrf" for a stamp that expired or was used. */
  verify(formData: FormData): Rejection | null {
    if (!formData.has(NAME_FIELD) || !formData.has(STAMP_FIELD)) return "spam";
    try {
      this.check(formData);
    } catch {
      // SpamError, or crypto-js failing on a forged stamp ("Malformed UTF-8 data"): a bot either way.
      return "spam";
    }
    const stamp = String(formData.get(STAMP_FIELD));
    const validFrom = Number(this.decrypt(stamp));
    return Date.now() - validFrom > STAMP_LIFETIME_MS || this.used.has(stamp) ? "csrf" : null;
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

export const formStamp = new FormStamp({ encryptionSeed: config.formSecret, nameFieldName: NAME_FIELD, validFromFieldName: STAMP_FIELD });

/** What a form page carries of its visitor: the CSRF token (their cookie's) and a fresh stamp. */
export interface FormValues {
  csrf: string;
  stamp: string;
}

/**
 * A form page's per-visitor values, for a render or for a kept page (page-cache.server.ts): the
 * visitor's token, or a new one with its cookie, and a stamp made now.
 */
export async function formValuesFor(cookieHeader: string | null | undefined): Promise<{ values: FormValues; honeypot: HoneypotInputProps; setCookie: string | null }> {
  const [token, setCookie] = await csrf.commitToken(new Headers(cookieHeader ? { Cookie: cookieHeader } : {}));
  const honeypot = formStamp.inputProps();
  return { values: { csrf: token, stamp: honeypot.encryptedValidFrom }, honeypot, setCookie };
}

export type Rejection = "csrf" | "spam";

/** Checks a posted form; returns why it is refused, or null. */
export async function checkProtection(formData: FormData, request: Request): Promise<Rejection | null> {
  const stamp = formStamp.verify(formData);
  if (stamp) return stamp;
  try {
    await csrf.validate(formData, request.headers);
    return null;
  } catch (error) {
    if (error instanceof CSRFError) return "csrf";
    throw error;
  }
}
