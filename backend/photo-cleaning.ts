import { cleanPhoto } from "../app/lib/platform/images/clean-photo.server";
import { ImageRejected } from "../app/lib/platform/images/sharp.server";
import type { Db } from "./db";

export interface PhotoCleaning {
  /** Photos re-encoded now. */
  cleaned: number;
  /** Stored files that were no picture sharp would decode under its limits (a bomb, junk): deleted. */
  removed: number;
  /** Left for the next start: the work was too slow this time. */
  left: number;
}

/**
 * Job-application photos stored before uploads were re-encoded (ADR 006), made what an upload makes
 * now: re-encoded, with no metadata, once (`cleaned` records it), at start-up, before the backend
 * answers. A stored file that cannot be decoded under the limits is deleted: it can never be shown,
 * and the lead keeps its other fields. `secure_delete` (db.ts) overwrites the old bytes' pages, and the
 * checkpoint empties the write-ahead log that may still hold them.
 */
export async function cleanStoredPhotos(db: Db): Promise<PhotoCleaning> {
  const result: PhotoCleaning = { cleaned: 0, removed: 0, left: 0 };
  const ids = db.prepare("SELECT id FROM uploads WHERE cleaned = 0").pluck().all() as string[];
  if (ids.length === 0) return result;
  const bytesOf = db.prepare("SELECT bytes FROM uploads WHERE id = ?").pluck();
  const save = db.prepare("UPDATE uploads SET content_type = ?, size = ?, bytes = ?, cleaned = 1 WHERE id = ?");
  const remove = db.prepare("DELETE FROM uploads WHERE id = ?");
  for (const id of ids) {
    try {
      const photo = await cleanPhoto(bytesOf.get(id) as Buffer);
      save.run(photo.type, photo.bytes.length, photo.bytes, id);
      result.cleaned += 1;
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      if (error.reason === "slow" || error.reason === "busy") {
        result.left += 1;
        continue;
      }
      remove.run(id);
      result.removed += 1;
    }
  }
  db.pragma("wal_checkpoint(TRUNCATE)");
  return result;
}
