import type { FormEvent } from "../../app/lib/platform/api/form-funnels-contract";
import type { openSqlite } from "../../app/lib/platform/sqlite.server";
import { clinicDayOf } from "../clinic-days";

/**
 * Form events in the event store (ADR 054): `form_events` keeps each one with its visitor id for the
 * raw events' retention; `form_rollups` counts them per clinic day, form, language, type, field, code
 * and seconds to fill (and built form, below), with no id, and is what the funnels are read from (so they outlive retention,
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

/**
 * Built forms feed the funnels (ADR 054, amended): each built form is its own funnel, so an event
 * and a roll-up name the form's id (0 where none, as field and code are ''). The roll-ups' key
 * grows by it, which SQLite can only do by building the table anew.
 */
export const FORM_EVENTS_FORM_ID_MIGRATION = `ALTER TABLE form_events ADD COLUMN form_id INTEGER;
   CREATE TABLE form_rollups_by_form (
     day TEXT NOT NULL, kind TEXT NOT NULL, form_id INTEGER NOT NULL, lang TEXT NOT NULL, type TEXT NOT NULL,
     field TEXT NOT NULL, code TEXT NOT NULL, seconds INTEGER NOT NULL, count INTEGER NOT NULL,
     PRIMARY KEY (day, kind, form_id, lang, type, field, code, seconds)
   ) WITHOUT ROWID;
   INSERT INTO form_rollups_by_form (day, kind, form_id, lang, type, field, code, seconds, count)
     SELECT day, kind, 0, lang, type, field, code, seconds, count FROM form_rollups;
   DROP TABLE form_rollups;
   ALTER TABLE form_rollups_by_form RENAME TO form_rollups;`;

export function prepareFormEvents(db: ReturnType<typeof openSqlite>) {
  const insertEvent = db.prepare(
    `INSERT INTO form_events (at, day, visitor_id, kind, form_id, lang, type, field, code, seconds)
     VALUES (@at, @day, @visitorId, @kind, @formId, @lang, @type, @field, @code, @seconds)`,
  );
  const rollup = db.prepare(
    `INSERT INTO form_rollups (day, kind, form_id, lang, type, field, code, seconds, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)
     ON CONFLICT (day, kind, form_id, lang, type, field, code, seconds) DO UPDATE SET count = count + 1`,
  );
  const purge = db.prepare("DELETE FROM form_events WHERE at < ?");
  return {
    insert(event: FormEvent) {
      const at = Date.parse(event.at);
      const day = clinicDayOf(at);
      insertEvent.run({ ...event, formId: event.formId ?? null, at, day });
      rollup.run(day, event.kind, event.formId ?? 0, event.lang, event.type, event.field ?? "", event.code ?? "", event.seconds ?? -1);
    },
    /** Raw events past retention; the roll-ups stay. */
    purge: (before: number) => void purge.run(before),
  };
}
