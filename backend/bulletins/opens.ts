import { createHmac, randomBytes } from "node:crypto";
import express from "express";
import { BulletinOpensSettingSchema } from "../../app/lib/platform/api/bulletins-contract";
import { actorOf, requireStaff } from "../auth/require-staff";
import { item, parseOr400 } from "../http";
import type { Db } from "../db";
import type { StaffServices } from "../staff-services";

const SETTING = "bulletins.countOpens";
const KEY = "bulletins.openKey";
/** One reader's opens of one issue count up to this: a mail client that reloads its images on every view adds no more. */
const OPENS_PER_READER_MAX = 50;

/**
 * Bulletin opens (ADR 057 amended), off unless the owner turns them on. A reader is an HMAC of the
 * address under a key drawn once and kept in the API's own table (never sent anywhere): not
 * reversible by hashing a list of addresses, as the plain subscription hash is, and the same for
 * every site instance. Unsubscribing or erasing the address deletes its rows by the same HMAC.
 */
export function createBulletinOpens(db: Db, clock: () => number) {
  const read = db.prepare("SELECT value FROM meta WHERE key = ?").pluck();
  const write = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  const keep = db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)");
  // Only an issue that was sent with opens counted takes one; the first open of a reader is its row.
  const record = db.prepare(
    `INSERT INTO bulletin_opens (bulletin_id, reader, opens, first_at)
     SELECT id, ?, 1, ? FROM bulletins WHERE id = ? AND count_opens = 1 AND status = 'sending'
     ON CONFLICT (bulletin_id, reader) DO UPDATE SET opens = MIN(opens + 1, ${OPENS_PER_READER_MAX})`,
  );
  const counts = db.prepare('SELECT COALESCE(SUM(opens), 0) AS total, COUNT(*) AS "unique" FROM bulletin_opens WHERE bulletin_id = ?');
  const forget = db.prepare("DELETE FROM bulletin_opens WHERE reader = ?");
  let key: Buffer | null = null;
  const keyOf = () => {
    if (key) return key;
    // INSERT OR IGNORE, then read back: two processes starting together keep one key.
    keep.run(KEY, randomBytes(32).toString("hex"));
    return (key = Buffer.from(String(read.get(KEY)), "hex"));
  };
  const readerOf = (email: string) => createHmac("sha256", keyOf()).update(`open:${email.trim().toLowerCase()}`).digest("hex").slice(0, 32);
  return {
    counting: () => read.get(SETTING) === "1",
    setCounting: (on: boolean) => write.run(SETTING, on ? "1" : "0"),
    readerOf,
    /** One open of an issue by a reader; nothing for an issue sent without counting, or unknown. */
    record: (id: number, reader: string) => record.run(reader, new Date(clock()).toISOString(), id).changes > 0,
    counts: (id: number) => counts.get(id) as { total: number; unique: number },
    /** Unsubscribing or erasing an address: its opens of every issue go. */
    forget: (email: string) => forget.run(readerOf(email)).changes,
  };
}

export type BulletinOpens = ReturnType<typeof createBulletinOpens>;

/** admin/bulletin-settings: read with the settings, changed by whoever may change them (the owner), in the audit log. */
export function createBulletinSettingsRouter(services: StaffServices, opens: BulletinOpens, onUnauthorized?: () => void) {
  const router = express.Router();
  router.get("/bulletin-settings", requireStaff(services, "read:settings", onUnauthorized), (_req, res) => {
    res.json(item({ countOpens: opens.counting() }));
  });
  router.put("/bulletin-settings", requireStaff(services, "write:settings", onUnauthorized), express.json({ limit: "1kb" }), (req, res) => {
    const body = parseOr400(BulletinOpensSettingSchema, req.body, res);
    if (!body) return;
    services.db.transaction(() => {
      if (opens.counting() === body.countOpens) return;
      opens.setCounting(body.countOpens);
      services.audit.record({
        actor: actorOf(res),
        action: "settings.update",
        target: "settings",
        detail: `bulletin opens ${body.countOpens ? "counted" : "not counted"}`,
        facts: { fields: ["bulletins.countOpens"] },
      });
    })();
    res.json(item({ countOpens: opens.counting() }));
  });
  return router;
}
