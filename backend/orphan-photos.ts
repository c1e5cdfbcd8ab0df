import { forgetErased } from "../app/lib/platform/sqlite.server";
import type { Clock } from "./clock";
import type { Db } from "./db";

/** Longer than any outbox keeps a refused application (OUTBOX_RETENTION_DAYS, 30 by default). */
export const ORPHAN_PHOTO_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * Deletes job-application photos and built forms' files that no lead refers to, 30 days after they
 * arrived: the photo of an application the API refused after taking its photo (the outbox keeps such
 * a lead as refused). A built form's photo or files are its lead's (uploadsOf), never orphans.
 * No lead means no "Erase lead" can reach it, so it goes on its own (ADR 030). Returns how many.
 */
export function deleteOrphanPhotos(db: Db, now: number): number {
  const cutoff = new Date(now - ORPHAN_PHOTO_DAYS * DAY_MS).toISOString();
  const { changes } = db
    .prepare(
      `DELETE FROM uploads WHERE received_at < ?
         AND id NOT IN (SELECT json_extract(payload, '$.imageId') FROM leads WHERE kind IN ('jobOffer', 'builtForm') AND json_extract(payload, '$.imageId') IS NOT NULL)
         AND id NOT IN (SELECT f.value FROM leads, json_each(leads.payload, '$.files') f WHERE leads.kind = 'builtForm')`,
    )
    .run(cutoff);
  if (changes > 0) forgetErased(db);
  return changes;
}

/** Runs it now and once a day while the backend runs; returns the stop. */
export function scheduleOrphanPhotos(db: Db, clock: Clock): () => void {
  const run = () => {
    try {
      deleteOrphanPhotos(db, clock());
    } catch (error) {
      console.error("backend: could not delete orphan photos", error instanceof Error ? error.message : String(error));
    }
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
