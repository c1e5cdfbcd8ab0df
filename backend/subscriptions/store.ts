import { createHash, randomBytes } from "node:crypto";
import type { z } from "zod";
import type { ConsentRecord, SubscribeRequestSchema } from "../../app/lib/platform/api/subscriptions-contract";
import { LANGUAGE_CODES } from "../../app/lib/platform/api/contract";
import { addressDigest } from "../../app/lib/newsletter/address-digest.server";
import { forgetErased } from "../../app/lib/platform/sqlite.server";
import { BOUNCE_LIMIT } from "../../app/lib/platform/api/bulletins-contract";
import type { Db } from "../db";
import { createBulletinOpens } from "../bulletins/opens";

/** A confirmation link works this long; an unconfirmed sign-up is deleted after it. */
const CONFIRM_DAYS = 7;
/** A new confirmation mail for the same address and list at most this often: a stranger cannot flood a mailbox. */
const RESEND_MINUTES = 10;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const addressHash = addressDigest;

type Row = { id: number; status: string; token_expires_at: string | null; consented_at: string };

/** The subscriptions and their consent records (ADR 056). */
export function createSubscriptionStore(db: Db, clock: () => number) {
  const iso = (ms = clock()) => new Date(ms).toISOString();
  const opens = createBulletinOpens(db, clock);
  const byAddress = db.prepare("SELECT id, status, token_expires_at, consented_at FROM subscriptions WHERE address_hash = ? AND list = ?");
  const keepText = db.prepare("INSERT OR IGNORE INTO subscription_consent_texts (version, language, text, first_seen) VALUES (?, ?, ?, ?)");
  const insert = db.prepare(
    `INSERT INTO subscriptions (address_hash, email, list, status, consent_version, consent_language, consented_at, token_hash, token_expires_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?)`,
  );
  const renew = db.prepare(
    `UPDATE subscriptions SET email = ?, status = 'pending', consent_version = ?, consent_language = ?, consented_at = ?, confirmed_at = NULL,
       ended_at = NULL, token_hash = ?, token_expires_at = ? WHERE id = ?`,
  );
  const byToken = db.prepare("SELECT id, email, list, token_expires_at FROM subscriptions WHERE token_hash = ? AND status = 'pending'");
  const confirm = db.prepare("UPDATE subscriptions SET status = 'confirmed', confirmed_at = ?, token_hash = NULL, token_expires_at = NULL WHERE id = ?");
  const expired = db.prepare("DELETE FROM subscriptions WHERE status = 'pending' AND token_expires_at < ?");
  const listsOf = db.prepare("SELECT list, status FROM subscriptions WHERE address_hash = ? ORDER BY list");
  const end = db.prepare(
    `UPDATE subscriptions SET email = NULL, status = ?, ended_at = ?, token_hash = NULL, token_expires_at = NULL
     WHERE address_hash = ? AND (? IS NULL OR list = ?) AND status IN ('pending', 'confirmed')`,
  );
  const eraseEnded = db.prepare("UPDATE subscriptions SET status = 'erased' WHERE address_hash = ? AND status = 'unsubscribed'");
  const counts = db.prepare("SELECT list, status, COUNT(*) AS n FROM subscriptions GROUP BY list, status");
  const found = db.prepare("SELECT list, status, consented_at, confirmed_at FROM subscriptions WHERE address_hash = ? ORDER BY list");
  const known = db.prepare("SELECT 1 FROM subscriptions WHERE address_hash = ? LIMIT 1").pluck();
  const health = db.prepare("SELECT bounces, disabled_at AS disabledAt, disabled_reason AS reason FROM subscription_health WHERE address_hash = ?");
  const bounce = db.prepare(
    `INSERT INTO subscription_health (address_hash, bounces) VALUES (?, 1)
     ON CONFLICT (address_hash) DO UPDATE SET bounces = bounces + 1`,
  );
  const disable = db.prepare(
    `INSERT INTO subscription_health (address_hash, disabled_at, disabled_reason) VALUES (?, ?, ?)
     ON CONFLICT (address_hash) DO UPDATE SET disabled_at = COALESCE(disabled_at, excluded.disabled_at), disabled_reason = COALESCE(disabled_reason, excluded.disabled_reason)`,
  );
  const healed = db.prepare("DELETE FROM subscription_health WHERE address_hash = ?");
  const disabledCounts = db.prepare(
    `SELECT s.list, COUNT(*) AS n FROM subscriptions s JOIN subscription_health h ON h.address_hash = s.address_hash
     WHERE s.status = 'confirmed' AND h.disabled_at IS NOT NULL GROUP BY s.list`,
  );
  const records = db.prepare(
    `SELECT email, address_hash AS addressHash, list, status, consent_version AS consentVersion, consent_language AS consentLanguage,
       consented_at AS consentedAt, confirmed_at AS confirmedAt, ended_at AS endedAt FROM subscriptions ORDER BY consented_at, id`,
  );

  /** Ends an address's subscriptions (one list or all) and keeps only its hash; a scrub like erasure's (ADR 030). */
  function endAll(email: string, list: string | null, status: "unsubscribed" | "erased") {
    const hash = addressHash(email);
    const changed = end.run(status, iso(), hash, list, list).changes;
    // Its bulletin opens, by the same keyed hash the opens were counted under (ADR 057 amended).
    opens.forget(email);
    if (status === "erased") eraseEnded.run(hash);
    // Erasure runs inside the patient's transaction, whose caller drops the log's copies after it.
    else if (changed > 0) forgetErased(db);
    return changed;
  }

  return {
    /** A sign-up: a new token unless the address is confirmed on the list or was sent one minutes ago. */
    subscribe({ email, list, consent }: z.infer<typeof SubscribeRequestSchema>) {
      return db.transaction(() => {
        const now = clock();
        expired.run(iso(now));
        keepText.run(consent.version, consent.language, consent.text, iso(now));
        const row = byAddress.get(addressHash(email), list) as Row | undefined;
        if (row?.status === "confirmed") return { confirmToken: null, expiresAt: null };
        const issuedAt = row?.token_expires_at ? Date.parse(row.token_expires_at) - CONFIRM_DAYS * 86_400_000 : 0;
        if (row?.status === "pending" && now - issuedAt < RESEND_MINUTES * 60_000) return { confirmToken: null, expiresAt: null };
        const token = randomBytes(32).toString("base64url");
        const expiresAt = iso(now + CONFIRM_DAYS * 86_400_000);
        if (row) renew.run(email, consent.version, consent.language, iso(now), sha256(token), expiresAt, row.id);
        else insert.run(addressHash(email), email, list, consent.version, consent.language, iso(now), sha256(token), expiresAt);
        return { confirmToken: token, expiresAt };
      })();
    },
    /** The second step of the double opt-in: a token used once, within its days. */
    confirm(token: string) {
      const row = byToken.get(sha256(token)) as { id: number; email: string; list: string; token_expires_at: string } | undefined;
      if (!row || Date.parse(row.token_expires_at) < clock()) return null;
      confirm.run(iso(), row.id);
      // A new double opt-in is the address's owner asking again: what the mail service said before is forgotten.
      healed.run(addressHash(row.email));
      return { email: row.email, list: row.list as (typeof LANGUAGE_CODES)[number] };
    },
    lists: (email: string) => listsOf.all(addressHash(email)) as { list: (typeof LANGUAGE_CODES)[number]; status: ConsentRecord["status"] }[],
    unsubscribe: (email: string, list: string | null) => endAll(email, list, "unsubscribed"),
    /** Patient erasure (ADR 030) reaches the address's subscriptions: only the hash stays. Run forgetErased after. */
    erase: (email: string) => endAll(email, null, "erased"),
    /**
     * What the mail service reported of an address (ADR 057): a complaint disables it at once, a hard
     * bounce counts and BOUNCE_LIMIT of them disable it. Nothing is kept of an address never subscribed.
     */
    report(email: string, kind: "complaint" | "bounce") {
      const hash = addressHash(email);
      return db.transaction(() => {
        if (!known.get(hash)) return { known: false, disabled: false };
        if (kind === "bounce") bounce.run(hash);
        const bounces = (health.get(hash) as { bounces: number } | undefined)?.bounces ?? 0;
        if (kind === "complaint" || bounces >= BOUNCE_LIMIT) disable.run(hash, iso(), kind === "complaint" ? "complaint" : "bounces");
        return { known: true, disabled: Boolean((health.get(hash) as { disabledAt: string | null } | undefined)?.disabledAt) };
      })();
    },
    overview(email: string | undefined) {
      const rows = counts.all() as { list: string; status: string; n: number }[];
      const disabled = disabledCounts.all() as { list: string; n: number }[];
      const lists = LANGUAGE_CODES.map((list) => {
        const n = (status: string) => rows.find((r) => r.list === list && r.status === status)?.n ?? 0;
        return {
          list,
          pending: n("pending"),
          confirmed: n("confirmed"),
          disabled: disabled.find((r) => r.list === list)?.n ?? 0,
          unsubscribed: n("unsubscribed") + n("erased"),
        };
      });
      const reason = email ? ((health.get(addressHash(email)) as { reason: string | null } | undefined)?.reason ?? null) : null;
      const rowsOf = email
        ? (found.all(addressHash(email)) as {
            list: (typeof LANGUAGE_CODES)[number];
            status: ConsentRecord["status"];
            consented_at: string;
            confirmed_at: string | null;
          }[])
        : null;
      return {
        lists,
        found:
          rowsOf?.map((r) => ({
            list: r.list,
            status: r.status,
            consentedAt: r.consented_at,
            confirmedAt: r.confirmed_at,
            disabled: reason as "complaint" | "bounces" | null,
          })) ?? null,
      };
    },
    records: () => records.all() as ConsentRecord[],
  };
}

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
