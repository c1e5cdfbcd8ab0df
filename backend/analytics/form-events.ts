import type { FormEvent } from "../../app/lib/platform/api/form-funnels-contract";
import type { openSqlite } from "../../app/lib/platform/sqlite.server";
import { clinicDayOf } from "../clinic-days";

/**
 * Form events in the event store (ADR 054): `form_events` keeps each one with its visitor id for the
 * raw events' retention; `form_rollups` counts them per clinic day, form, language, type, field, code
 * and seconds to fill, with no id, and is what the funnels are read from (so they outlive retention,
 * and a median time to fill needs no raw event). Field and code are '' and seconds -1 where none.
 */
export const FORM_EVENTS_MIGRATION = `CREATE TABLE form_events (
     id INTEGER PRIMARY KEY,
     at INTEGER NOT NULL,
     day TEXT NOT NULL,
     visitor_id TEXT NOT NULL,
     kind TEXT NOT NULL,
     lang TEXT NOT NULL,
     type TEXT NOT NULL,
     field TEXT,
     code TEXT,
     seconds INTEGER
   );
   CREATE INDEX form_events_at ON form_events (at);
   CREATE INDEX form_events_visitor ON form_events (visitor_id, at);
   CREATE TABLE form_rollups (
     day TEXT NOT NULL, kind TEXT NOT NULL, lang TEXT NOT NULL, type TEXT NOT NULL,
     field TEXT NOT NULL, code TEXT NOT NULL, seconds INTEGER NOT NULL, count INTEGER NOT NULL,
     PRIMARY KEY (day, kind, lang, type, field, code, seconds)
   ) WITHOUT ROWID;`;

export function prepareFormEvents(db: ReturnType<typeof openSqlite>) {
  const insertEvent = db.prepare(
    `INSERT INTO form_events (at, day, visitor_id, kind, lang, type, field, code, seconds)
     VALUES (@at, @day, @visitorId, @kind, @lang, @type, @field, @code, @seconds)`,
  );
  const rollup = db.prepare(
    `INSERT INTO form_rollups (day, kind, lang, type, field, code, seconds, count) VALUES (?, ?, ?, ?, ?, ?, ?, 1)
     ON CONFLICT (day, kind, lang, type, field, code, seconds) DO UPDATE SET count = count + 1`,
  );
  const purge = db.prepare("DELETE FROM form_events WHERE at < ?");
  return {
    insert(event: FormEvent) {
      const at = Date.parse(event.at);
      const day = clinicDayOf(at);
      insertEvent.run({ ...event, at, day });
      rollup.run(day, event.kind, event.lang, event.type, event.field ?? "", event.code ?? "", event.seconds ?? -1);
    },
    /** Raw events past retention; the roll-ups stay. */
    purge: (before: number) => void purge.run(before),
  };
}
