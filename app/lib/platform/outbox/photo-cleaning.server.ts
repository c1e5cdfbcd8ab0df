import type Database from "better-sqlite3";
import { cleanPhoto } from "~/lib/platform/images/clean-photo.server";
import { ImageRejected } from "~/lib/platform/images/sharp.server";
import type { Logger } from "~/lib/platform/logger.server";
import { PACKED_FILES_TYPE } from "~/lib/platform/outbox/lead-files.server";
import { forgetErased } from "~/lib/platform/sqlite.server";

const STEP = "photos-cleaned";

/**
 * Job-application photos the outbox stored before the career form re-encoded them (ADR 006), made
 * what the form stores now, once. `pendingPhotoCleaning` lists them when the outbox opens (so a photo
 * enqueued later, already clean, is never worked twice); the returned function re-encodes them, and
 * the delivery loop runs it before its first delivery, so no original is ever uploaded.
 *
 * A photo that cannot be re-encoded (a bomb, junk) is dropped: a lead whose photo was already
 * uploaded still goes out; one whose was not is marked refused with the reason, for staff to see on
 * the delivery page. The originals' pages are zeroed as they are replaced (openSqlite's
 * secure_delete, which also rewrote the file once when it was first opened with it), and the
 * write-ahead log that still held them is emptied.
 */
export function pendingPhotoCleaning(db: Database.Database, logger: Logger): (() => Promise<void>) | null {
  if (db.prepare("SELECT 1 FROM steps WHERE name = ?").get(STEP)) return null;
  // A built form's packed files (lead-files.server.ts) are not a photo to re-encode.
  const ids = db.prepare("SELECT id FROM outbox WHERE photo IS NOT NULL AND photo_type IS NOT ?").pluck().all(PACKED_FILES_TYPE) as string[];
  return async () => {
    const read = db.prepare("SELECT photo, upload_id FROM outbox WHERE id = ?");
    const save = db.prepare("UPDATE outbox SET photo = ?, photo_name = 'photo.jpg', photo_type = ? WHERE id = ?");
    const drop = db.prepare("UPDATE outbox SET photo = NULL WHERE id = ?");
    const refuse = db.prepare("UPDATE outbox SET photo = NULL, status = 'rejected', last_error = ? WHERE id = ?");
    let cleaned = 0;
    for (const id of ids) {
      const row = read.get(id) as { photo: Buffer | null; upload_id: string | null } | undefined;
      if (!row?.photo) continue;
      try {
        const photo = await cleanPhoto(row.photo);
        save.run(photo.bytes, photo.type, id);
        cleaned += 1;
      } catch (error) {
        if (!(error instanceof ImageRejected)) throw error;
        if (row.upload_id) drop.run(id);
        else refuse.run(`The photo stored with this lead was refused: ${error.message}`, id);
        logger.warn({ lead: id, reason: error.reason }, "outbox: a stored photo could not be re-encoded and was dropped");
      }
    }
    db.prepare("INSERT INTO steps (name, done_at) VALUES (?, ?)").run(STEP, Date.now());
    try {
      forgetErased(db);
    } catch (error) {
      // Deliveries must not wait for it: SQLite's next checkpoint drops those frames too.
      logger.error({ err: error instanceof Error ? error.message : String(error) }, "outbox: could not empty the log after cleaning photos");
    }
    if (ids.length) logger.info({ photos: ids.length, cleaned }, "outbox: photos stored before re-encoding were cleaned");
  };
}
