import { join } from "node:path";
import type { AnalyticsEvent } from "../../app/lib/platform/api/analytics-contract";
import type { FormEvent } from "../../app/lib/platform/api/form-funnels-contract";
import { forgetErased, openSqlite } from "../../app/lib/platform/sqlite.server";
import { clinicDayOf } from "../clinic-days";
import { FORM_EVENTS_FORM_ID_MIGRATION, FORM_EVENTS_MIGRATION, prepareFormEvents } from "./form-events";

/**
 * The event store (ADR 050): its own file, DATA_DIR/analytics.sqlite, so a flood of page views
 * never grows, locks or slows the database that holds the leads, and can be dropped or moved to a
 * column store without touching it.
 * - `events`: raw page views, kept `retentionMonths`, with the pseudonymous visitor id.
 * - `visitor_days`: one row per visitor and clinic day (exact DAU/WAU/MAU without scanning every
 *   view), and `visitor_last`: each visitor's last day (distinct visitors of a period that ends today
 *   by one index range); they hold visitor ids, so they go with the raw events.
 * - `active_days`: a finished day's DAU/WAU/MAU, worked out once (active-users.ts); no id, kept.
 * - `rollups`: views per day and dimension (language, page, entry page, referrer, campaign, device,
 *   browser): no id, kept for good.
 * - `day_totals`: what each day accepted and refused, for the global daily cap.
 * - `form_events` and `form_rollups`: what visitors did with the lead forms (form-events.ts, ADR 054),
 *   under the same cap and retention; a built form's name its form's id.
 */
const MIGRATIONS = [
  `CREATE TABLE events (
     id INTEGER PRIMARY KEY,
     at INTEGER NOT NULL,
     day TEXT NOT NULL,
     visitor_id TEXT NOT NULL,
     visit_id TEXT,
     entry INTEGER NOT NULL,
     path TEXT NOT NULL,
     lang TEXT NOT NULL,
     referrer TEXT,
     utm_source TEXT,
     utm_medium TEXT,
     utm_campaign TEXT,
     device TEXT NOT NULL,
     browser TEXT NOT NULL,
     screen TEXT
   );
   CREATE INDEX events_at ON events (at);
   CREATE INDEX events_visitor ON events (visitor_id, at);
   CREATE TABLE visitor_days (day TEXT NOT NULL, visitor_id TEXT NOT NULL, views INTEGER NOT NULL, PRIMARY KEY (day, visitor_id)) WITHOUT ROWID;
   CREATE TABLE visitor_last (visitor_id TEXT PRIMARY KEY, last_day TEXT NOT NULL) WITHOUT ROWID;
   CREATE INDEX visitor_last_day ON visitor_last (last_day);
   CREATE TABLE active_days (day TEXT PRIMARY KEY, dau INTEGER NOT NULL, wau INTEGER NOT NULL, mau INTEGER NOT NULL);
   CREATE TABLE rollups (day TEXT NOT NULL, dimension TEXT NOT NULL, key TEXT NOT NULL, views INTEGER NOT NULL, PRIMARY KEY (day, dimension, key)) WITHOUT ROWID;
   CREATE TABLE day_totals (day TEXT PRIMARY KEY, accepted INTEGER NOT NULL, refused INTEGER NOT NULL);`,
  FORM_EVENTS_MIGRATION,
  FORM_EVENTS_FORM_ID_MIGRATION,
];

/** Without JavaScript there is no visit id: a view after this long without one starts a new visit. */
const VISIT_GAP_MS = 30 * 60_000;

export interface AnalyticsLimits {
  /** Events stored per clinic day, all visitors together; the rest of the day's are refused. */
  maxEventsPerDay: number;
  /** Raw events (and visitor days) older than this are deleted; roll-ups stay. */
  retentionMonths: number;
}

export type AnalyticsStore = ReturnType<typeof openAnalyticsStore>;

export function openAnalyticsStore(dataDir: string, limits: AnalyticsLimits, clock: () => number) {
  const db = openSqlite(join(dataDir, "analytics.sqlite"));
  const done = db.pragma("user_version", { simple: true }) as number;
  for (let i = done; i < MIGRATIONS.length; i++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[i]);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
  const statements = prepare(db);
  const formEvents = prepareFormEvents(db);
  let purgedOn = "";

  /** Once per clinic day, on the first batch: what is past retention goes. */
  function purge(today: string) {
    if (purgedOn === today) return;
    purgedOn = today;
    const cut = new Date(clock());
    cut.setUTCMonth(cut.getUTCMonth() - limits.retentionMonths);
    statements.purgeEvents.run(cut.getTime());
    statements.purgeVisitorDays.run(clinicDayOf(cut.getTime()));
    statements.purgeVisitorLast.run(clinicDayOf(cut.getTime()));
    formEvents.purge(cut.getTime());
  }

  /** Stores what the day's cap leaves room for, page views and form events together; the rest is refused, not queued. */
  function capped<Event>(events: Event[], insertOne: (event: Event) => void): { accepted: number; refused: number } {
    const today = clinicDayOf(clock());
    purge(today);
    return db.transaction(() => {
      const used = (statements.dayTotal.get(today) as number | undefined) ?? 0;
      const room = Math.max(0, limits.maxEventsPerDay - used);
      const kept = events.slice(0, room);
      for (const event of kept) insertOne(event);
      statements.countDay.run(today, kept.length, events.length - kept.length);
      return { accepted: kept.length, refused: events.length - kept.length };
    })();
  }

  return {
    db,
    add: (events: AnalyticsEvent[]) => capped(events, (event) => insert(statements, event)),
    addFormEvents: (events: FormEvent[]) => capped(events, formEvents.insert),
    /**
     * Erasure of the patient these visitors sent a lead as (ADR 030, 055): their raw views, form
     * events and per-visitor days go, at once and from the file; the roll-ups and kept actives hold
     * no id and stay.
     */
    forgetVisitors(visitorIds: readonly string[]) {
      if (visitorIds.length === 0) return;
      db.transaction(() => {
        for (const id of visitorIds) for (const statement of statements.forgetVisitor) statement.run(id);
      })();
      forgetErased(db);
    },
    close: () => db.close(),
  };
}

function prepare(db: ReturnType<typeof openSqlite>) {
  return {
    dayTotal: db.prepare("SELECT accepted FROM day_totals WHERE day = ?").pluck(),
    countDay: db.prepare(
      `INSERT INTO day_totals (day, accepted, refused) VALUES (?, ?, ?)
       ON CONFLICT (day) DO UPDATE SET accepted = accepted + excluded.accepted, refused = refused + excluded.refused`,
    ),
    // A view starts a visit when its visit has none before it, or (no visit id) when the visitor was away for VISIT_GAP_MS.
    seenBefore: db
      .prepare(
        `SELECT 1 FROM events WHERE visitor_id = @visitor AND at <= @at
           AND (visit_id = @visit OR (@visit IS NULL AND visit_id IS NULL AND at > @since)) LIMIT 1`,
      )
      .pluck(),
    insertEvent: db.prepare(
      `INSERT INTO events (at, day, visitor_id, visit_id, entry, path, lang, referrer, utm_source, utm_medium, utm_campaign, device, browser, screen)
       VALUES (@at, @day, @visitorId, @visitId, @entry, @path, @lang, @referrer, @utmSource, @utmMedium, @utmCampaign, @device, @browser, @screen)`,
    ),
    visitorDay: db.prepare("INSERT INTO visitor_days (day, visitor_id, views) VALUES (?, ?, 1) ON CONFLICT (day, visitor_id) DO UPDATE SET views = views + 1"),
    rollup: db.prepare(
      "INSERT INTO rollups (day, dimension, key, views) VALUES (?, ?, ?, 1) ON CONFLICT (day, dimension, key) DO UPDATE SET views = views + 1",
    ),
    purgeEvents: db.prepare("DELETE FROM events WHERE at < ?"),
    purgeVisitorDays: db.prepare("DELETE FROM visitor_days WHERE day < ?"),
    purgeVisitorLast: db.prepare("DELETE FROM visitor_last WHERE last_day < ?"),
    forgetVisitor: ["events", "visitor_days", "visitor_last", "form_events"].map((table) => db.prepare(`DELETE FROM ${table} WHERE visitor_id = ?`)),
    visitorLast: db.prepare(
      "INSERT INTO visitor_last (visitor_id, last_day) VALUES (?, ?) ON CONFLICT (visitor_id) DO UPDATE SET last_day = max(last_day, excluded.last_day)",
    ),
  };
}

/** The `form` roll-up's key: `kind/lang`, and a built form's `builtForm/lang/id` (form-funnels.ts reads both). */
function formViewKey(event: AnalyticsEvent): string | null {
  if (!event.form) return null;
  if (event.form !== "builtForm") return `${event.form}/${event.lang}`;
  return event.formId ? `builtForm/${event.lang}/${event.formId}` : null;
}

function insert(statements: ReturnType<typeof prepare>, event: AnalyticsEvent) {
  const at = Date.parse(event.at);
  const day = clinicDayOf(at);
  const entry = statements.seenBefore.get({ visitor: event.visitorId, at, visit: event.visitId, since: at - VISIT_GAP_MS }) ? 0 : 1;
  statements.insertEvent.run({ ...event, at, day, entry });
  statements.visitorDay.run(day, event.visitorId);
  statements.visitorLast.run(event.visitorId, day);
  const dimensions: [string, string | null][] = [
    ["lang", event.lang],
    ["page", event.path],
    ["entry", entry ? event.path : null],
    ["referrer", event.referrer],
    ["campaign", event.utmCampaign ? [event.utmSource ?? "", event.utmMedium ?? "", event.utmCampaign].join(" / ") : null],
    ["device", event.device],
    ["browser", event.browser],
    // A view of a page that carries a lead form: its funnel's first step (ADR 054); a built form's names the form.
    ["form", formViewKey(event)],
  ];
  for (const [dimension, key] of dimensions) if (key !== null) statements.rollup.run(day, dimension, key);
}
