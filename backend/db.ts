import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { isDamagedDatabase, openSqlite } from "../app/lib/platform/sqlite.server";
import { registerLeadSearchText } from "./admin/lead-search";
import { PATIENTS_MIGRATION, registerPatientKeys } from "./admin/patient-keys";
import { BROWSER_ERRORS_MIGRATION } from "./analytics/browser-error-store";

export type Db = Database.Database;

/**
 * The inbox's search (admin/lead-search.ts): a folded copy of what is searched, in the lead's own
 * row so that erasing the lead erases it, kept by triggers whatever stores or changes a lead, and
 * back-filled for the leads stored before. Exported for its test.
 */
export const LEAD_SEARCH_TEXT_MIGRATION = `ALTER TABLE leads ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
   UPDATE leads SET search_text = lead_search_text(payload);
   CREATE TRIGGER leads_search_text_insert AFTER INSERT ON leads BEGIN
     UPDATE leads SET search_text = lead_search_text(NEW.payload) WHERE id = NEW.id;
   END;
   CREATE TRIGGER leads_search_text_update AFTER UPDATE OF payload ON leads BEGIN
     UPDATE leads SET search_text = lead_search_text(NEW.payload) WHERE id = NEW.id;
   END;`;

/**
 * A package on one or more treatments (issue 43 item 5, ADR 064): its one treatmentId becomes the
 * list treatmentIds in its working copy, its published copy, its versions and its public rows (an
 * empty list when it had none yet). A site nobody edited loads the new seed anyway. Exported for its test.
 */
export const PACKAGE_TREATMENTS_MIGRATION = `UPDATE content_items SET fields = json_set(json_remove(fields, '$.treatmentId'), '$.treatmentIds',
       CASE json_type(fields, '$.treatmentId') WHEN 'integer' THEN json_array(json_extract(fields, '$.treatmentId')) ELSE json_array() END)
     WHERE kind = 'package' AND json_type(fields, '$.treatmentId') IS NOT NULL;
   UPDATE content_items SET published_fields = json_set(json_remove(published_fields, '$.treatmentId'), '$.treatmentIds',
       CASE json_type(published_fields, '$.treatmentId') WHEN 'integer' THEN json_array(json_extract(published_fields, '$.treatmentId')) ELSE json_array() END)
     WHERE kind = 'package' AND json_type(published_fields, '$.treatmentId') IS NOT NULL;
   UPDATE content_versions SET snapshot = json_set(json_remove(snapshot, '$.shared.treatmentId'), '$.shared.treatmentIds',
       CASE json_type(snapshot, '$.shared.treatmentId') WHEN 'integer' THEN json_array(json_extract(snapshot, '$.shared.treatmentId')) ELSE json_array() END)
     WHERE kind = 'package' AND json_type(snapshot, '$.shared.treatmentId') IS NOT NULL;
   UPDATE items SET doc = json_set(json_remove(doc, '$.treatmentId'), '$.treatmentIds', json_array(json_extract(doc, '$.treatmentId')))
     WHERE kind = 'package' AND json_type(doc, '$.treatmentId') = 'integer';`;

/** Ordered migrations; `user_version` records how many have run. */
const MIGRATIONS = [
  `CREATE TABLE items (
     kind TEXT NOT NULL,
     id INTEGER NOT NULL,
     lang TEXT NOT NULL,
     uri TEXT NOT NULL,
     sort INTEGER NOT NULL,
     category_id INTEGER,
     highlighted INTEGER NOT NULL DEFAULT 0,
     parent_id INTEGER,
     doc TEXT NOT NULL,
     PRIMARY KEY (kind, id, lang)
   );
   CREATE INDEX items_list ON items (kind, lang, category_id, sort);
   CREATE TABLE leads (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     kind TEXT NOT NULL,
     idempotency_key TEXT UNIQUE,
     received_at TEXT NOT NULL,
     payload TEXT NOT NULL
   );
   CREATE TABLE uploads (
     id TEXT PRIMARY KEY,
     type TEXT NOT NULL,
     content_type TEXT NOT NULL,
     size INTEGER NOT NULL,
     bytes BLOB NOT NULL,
     idempotency_key TEXT UNIQUE,
     received_at TEXT NOT NULL
   );
   CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // The back office: staff, their sessions, sign-in throttling, the audit log, and the leads' workflow.
  `CREATE TABLE users (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     email TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     language TEXT NOT NULL DEFAULT 'en',
     role TEXT NOT NULL,
     disabled INTEGER NOT NULL DEFAULT 0,
     password_hash TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE TABLE refresh_tokens (
     token_hash TEXT PRIMARY KEY,
     family TEXT NOT NULL,
     user_id INTEGER NOT NULL REFERENCES users (id),
     expires_at INTEGER NOT NULL,
     rotated_at INTEGER,
     revoked INTEGER NOT NULL DEFAULT 0
   );
   CREATE INDEX refresh_tokens_family ON refresh_tokens (family);
   CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
   CREATE TABLE sign_in_failures (subject TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE INDEX sign_in_failures_subject ON sign_in_failures (subject, at);
   CREATE TABLE audit (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     at TEXT NOT NULL,
     actor_id INTEGER,
     actor_email TEXT,
     action TEXT NOT NULL,
     target TEXT,
     detail TEXT
   );
   ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new';
   ALTER TABLE leads ADD COLUMN assignee_id INTEGER REFERENCES users (id);
   CREATE INDEX leads_received ON leads (received_at);
   CREATE TABLE lead_notes (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
     author_id INTEGER NOT NULL REFERENCES users (id),
     text TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE INDEX lead_notes_lead ON lead_notes (lead_id);
   CREATE TABLE settings (id INTEGER PRIMARY KEY CHECK (id = 1), doc TEXT NOT NULL, updated_at TEXT NOT NULL);`,
  // Content editing (ADR 016): the editors' working copies, what was last published, versions and
  // old uris. \`items\` stays the public projection the public endpoints read.
  `CREATE TABLE content_items (
     kind TEXT NOT NULL,
     id INTEGER NOT NULL UNIQUE,
     parent_id INTEGER,
     sort INTEGER NOT NULL DEFAULT 0,
     fields TEXT NOT NULL,
     published_fields TEXT,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     PRIMARY KEY (kind, id)
   );
   CREATE TABLE content_texts (
     kind TEXT NOT NULL,
     id INTEGER NOT NULL,
     lang TEXT NOT NULL,
     fields TEXT NOT NULL,
     uri TEXT,
     published INTEGER NOT NULL DEFAULT 0,
     published_fields TEXT,
     public_uri TEXT,
     PRIMARY KEY (kind, id, lang)
   );
   CREATE INDEX content_texts_uri ON content_texts (kind, lang, uri);
   CREATE INDEX content_texts_public_uri ON content_texts (kind, lang, public_uri);
   CREATE TABLE content_versions (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     kind TEXT NOT NULL,
     item_id INTEGER NOT NULL,
     snapshot TEXT NOT NULL,
     action TEXT NOT NULL,
     author_id INTEGER,
     author_email TEXT,
     at TEXT NOT NULL
   );
   CREATE INDEX content_versions_item ON content_versions (kind, item_id, id);
   CREATE TABLE content_redirects (
     kind TEXT NOT NULL,
     lang TEXT NOT NULL,
     old_uri TEXT NOT NULL,
     id INTEGER NOT NULL,
     PRIMARY KEY (kind, lang, old_uri)
   );`,
  // Content images (admin/content/images): the upload's size after EXIF rotation, and its WebP
  // variants, served by GET media/{id}/{width}. The original file is not kept.
  `CREATE TABLE images (
     id TEXT PRIMARY KEY,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL,
     source_type TEXT NOT NULL,
     source_size INTEGER NOT NULL,
     uploaded_by INTEGER REFERENCES users (id),
     uploaded_at TEXT NOT NULL
   );
   CREATE TABLE image_variants (
     image_id TEXT NOT NULL REFERENCES images (id) ON DELETE CASCADE,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL,
     bytes BLOB NOT NULL,
     PRIMARY KEY (image_id, width)
   );`,
  // Job-application photos are re-encoded at upload (ADR 006). Those stored before keep 0 until
  // the start-up step (photo-cleaning.ts) has re-encoded them.
  `ALTER TABLE uploads ADD COLUMN cleaned INTEGER NOT NULL DEFAULT 0;`,
  // Erasure (ADR 030): an erased lead's or photo's Idempotency-Key and the receipt first answered
  // for it, nothing the visitor sent, so a late redelivery of it is answered without storing it again.
  `CREATE TABLE erased_keys (
     idempotency_key TEXT PRIMARY KEY,
     receipt TEXT NOT NULL
   );`,
  // Sign-in throttling per (e-mail, address), per address and per e-mail (ADR 031). The old table's
  // rows (one per subject) cannot be split into those keys; they counted 15 minutes at most.
  `DROP TABLE sign_in_failures;
   CREATE TABLE sign_in_failures (email TEXT NOT NULL, address TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE INDEX sign_in_failures_email ON sign_in_failures (email, at);
   CREATE INDEX sign_in_failures_address ON sign_in_failures (address, at);
   CREATE INDEX sign_in_failures_at ON sign_in_failures (at);
   CREATE TABLE sign_in_waits (email TEXT NOT NULL, address TEXT NOT NULL, ready_at INTEGER NOT NULL, PRIMARY KEY (email, address));
   CREATE TABLE sign_in_known (email TEXT NOT NULL, address TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (email, address));`,
  // A lead note's Idempotency-Key: a note sent again after its answer was lost is stored once.
  `ALTER TABLE lead_notes ADD COLUMN idempotency_key TEXT;
   CREATE UNIQUE INDEX lead_notes_key ON lead_notes (lead_id, idempotency_key) WHERE idempotency_key IS NOT NULL;`,
  // The audit log's facts (JSON: what changed, as values the back office words in the reader's
  // language), and indexes for what its filters ask for: who, what, when.
  `ALTER TABLE audit ADD COLUMN facts TEXT;
   CREATE INDEX audit_actor ON audit (actor_id, id);
   CREATE INDEX audit_action ON audit (action, id);
   CREATE INDEX audit_at ON audit (at);`,
  LEAD_SEARCH_TEXT_MIGRATION,
  // The pipeline (ADR 044): in_progress is now contacted and won booked; a lead's offer, lost reason,
  // follow-up day, first answer and hand entry; its own history; notes' earlier texts.
  `UPDATE leads SET status = 'contacted' WHERE status = 'in_progress';
   UPDATE leads SET status = 'booked' WHERE status = 'won';
   ALTER TABLE leads ADD COLUMN offer_value INTEGER;
   ALTER TABLE leads ADD COLUMN offer_currency TEXT;
   ALTER TABLE leads ADD COLUMN lost_reason TEXT;
   ALTER TABLE leads ADD COLUMN follow_up_on TEXT;
   ALTER TABLE leads ADD COLUMN first_answer_at TEXT;
   ALTER TABLE leads ADD COLUMN entered_by INTEGER REFERENCES users (id);
   CREATE INDEX leads_status ON leads (status, received_at);
   CREATE INDEX leads_follow_up ON leads (follow_up_on);
   CREATE INDEX leads_assignee ON leads (assignee_id, received_at);
   CREATE TABLE lead_history (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL,
     at TEXT NOT NULL,
     actor_id INTEGER,
     field TEXT NOT NULL,
     before TEXT,
     after TEXT
   );
   CREATE INDEX lead_history_lead ON lead_history (lead_id, id);
   ALTER TABLE lead_notes ADD COLUMN edited_by INTEGER;
   ALTER TABLE lead_notes ADD COLUMN edited_at TEXT;
   CREATE TABLE lead_note_versions (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     note_id INTEGER NOT NULL,
     lead_id INTEGER NOT NULL,
     text TEXT NOT NULL,
     author_id INTEGER,
     written_at TEXT NOT NULL
   );
   CREATE INDEX lead_note_versions_note ON lead_note_versions (note_id, id);
   CREATE INDEX lead_note_versions_lead ON lead_note_versions (lead_id);`,
  // Staff accounts (#41): when each user last signed in, each session's device and times (the
  // user page's "active sessions").
  `ALTER TABLE users ADD COLUMN last_sign_in_at INTEGER;
   CREATE TABLE staff_sessions (
     family TEXT PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES users (id),
     started_at INTEGER NOT NULL,
     active_at INTEGER NOT NULL,
     user_agent TEXT NOT NULL DEFAULT '',
     address TEXT NOT NULL DEFAULT ''
   );
   CREATE INDEX staff_sessions_user ON staff_sessions (user_id);`,
  // Two-factor sign-in (#41, ADR 047): each user's TOTP secret (wrapped when the deployment has a key),
  // their recovery codes as SHA-256, and sign-ins that passed the password and wait for a code.
  `CREATE TABLE two_factor (
     user_id INTEGER PRIMARY KEY REFERENCES users (id),
     secret TEXT NOT NULL,
     last_step INTEGER NOT NULL DEFAULT 0,
     -- NULL while the user is setting it up (the secret shown, no code confirmed yet).
     enrolled_at INTEGER
   );
   CREATE TABLE recovery_codes (
     user_id INTEGER NOT NULL REFERENCES users (id),
     code_hash TEXT NOT NULL,
     used_at INTEGER,
     PRIMARY KEY (user_id, code_hash)
   );
   CREATE TABLE pending_sign_ins (
     token_hash TEXT PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES users (id),
     step TEXT NOT NULL,
     address TEXT NOT NULL,
     user_agent TEXT NOT NULL,
     secret TEXT,
     expires_at INTEGER NOT NULL
   );`,
  // Mail (issue 41): which staff member opened which lead (the inbox's unread marker), who was told of
  // each lead (asked again, the same people: one alert per lead, a turn taken once), and the hashes of
  // password-reset links.
  `CREATE TABLE lead_reads (
     lead_id INTEGER NOT NULL,
     user_id INTEGER NOT NULL REFERENCES users (id),
     read_at TEXT NOT NULL,
     PRIMARY KEY (lead_id, user_id)
   );
   CREATE TABLE lead_alerts (lead_id INTEGER PRIMARY KEY, recipients TEXT NOT NULL, created_at TEXT NOT NULL);
   CREATE TABLE password_resets (
     token_hash TEXT PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES users (id),
     expires_at INTEGER NOT NULL,
     used_at INTEGER
   );
   CREATE INDEX password_resets_user ON password_resets (user_id);`,
  // Patients (#41, ADR 048): every lead belongs to one; its matching keys in its own row.
  PATIENTS_MIGRATION,
  // The daily digest of overdue follow-ups (#41, ADR 045): which site outbox job took each clinic
  // day, and whom it tells, so several instances make one digest a day.
  `CREATE TABLE mail_digests (day TEXT PRIMARY KEY, claim TEXT NOT NULL, recipients TEXT NOT NULL, created_at TEXT NOT NULL);`,
  // Counted downloads (#42, ADR 052): a count per document, language, clinic day and consent, and the
  // distinct visitor ids of those made with analytics consent; both kept ANALYTICS_RETENTION_MONTHS.
  `CREATE TABLE download_counts (
     document TEXT NOT NULL,
     language TEXT NOT NULL,
     day TEXT NOT NULL,
     consented INTEGER NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (document, language, day, consented)
   ) WITHOUT ROWID;
   CREATE TABLE download_visitors (
     document TEXT NOT NULL,
     language TEXT NOT NULL,
     day TEXT NOT NULL,
     visitor TEXT NOT NULL,
     PRIMARY KEY (document, language, day, visitor)
   ) WITHOUT ROWID;
   CREATE INDEX download_counts_day ON download_counts (day);
   CREATE INDEX download_visitors_day ON download_visitors (day);`,
  // Browser errors (#42, ADR 051): groups, their daily counts, a few sample stacks, and the releases in the order they came.
  BROWSER_ERRORS_MIGRATION,
  // The analytics pages over a million rows (#42's bench): distinct download visitors kept per week
  // (a week's count is one index range, not a set built from every day's ids), and each error group's
  // reports per day (the page's groups and days without reading every release, browser and page).
  `CREATE TABLE download_week_visitors (
     week TEXT NOT NULL,
     document TEXT NOT NULL,
     language TEXT NOT NULL,
     visitor TEXT NOT NULL,
     PRIMARY KEY (week, document, language, visitor)
   ) WITHOUT ROWID;
   CREATE TABLE download_week_any (week TEXT NOT NULL, visitor TEXT NOT NULL, PRIMARY KEY (week, visitor)) WITHOUT ROWID;
   INSERT OR IGNORE INTO download_week_visitors (week, document, language, visitor)
     SELECT date(day, '-' || ((CAST(strftime('%w', day) AS INTEGER) + 6) % 7) || ' days'), document, language, visitor FROM download_visitors;
   INSERT OR IGNORE INTO download_week_any (week, visitor) SELECT week, visitor FROM download_week_visitors;
   DROP TABLE download_visitors;
   CREATE TABLE browser_error_days (day TEXT NOT NULL, fingerprint TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (day, fingerprint)) WITHOUT ROWID;
   INSERT INTO browser_error_days (day, fingerprint, count) SELECT day, fingerprint, SUM(count) FROM browser_error_counts GROUP BY day, fingerprint;`,
  // Customer active users (#42, ADR 055): the visitor id a lead was sent with (analytics consent
  // only), erased with the lead; the index finds a visitor's counted downloads when they are erased.
  `CREATE TABLE lead_visitors (lead_id INTEGER PRIMARY KEY, visitor_id TEXT NOT NULL);
   CREATE INDEX lead_visitors_visitor ON lead_visitors (visitor_id);
   CREATE INDEX download_week_visitors_visitor ON download_week_visitors (visitor);
   CREATE INDEX download_week_any_visitor ON download_week_any (visitor);`,
  // Newsletter subscriptions (#44, ADR 056): one row per address and list; an ended one keeps only the
  // address's hash, so it is never mailed again. The consent texts agreed to, by their version.
  `CREATE TABLE subscriptions (
     id INTEGER PRIMARY KEY,
     address_hash TEXT NOT NULL,
     email TEXT,
     list TEXT NOT NULL,
     status TEXT NOT NULL,
     consent_version TEXT NOT NULL,
     consent_language TEXT NOT NULL,
     consented_at TEXT NOT NULL,
     confirmed_at TEXT,
     ended_at TEXT,
     token_hash TEXT,
     token_expires_at TEXT,
     UNIQUE (address_hash, list)
   );
   CREATE UNIQUE INDEX subscriptions_token ON subscriptions (token_hash) WHERE token_hash IS NOT NULL;
   CREATE TABLE subscription_consent_texts (version TEXT PRIMARY KEY, language TEXT NOT NULL, text TEXT NOT NULL, first_seen TEXT NOT NULL);`,
  // Bulletins (#44, ADR 057): an issue per list (a language), its status and its recipients' count;
  // and what the mail service reported of an address (by its hash): hard bounces, and when and why
  // it was disabled, so later sends skip it.
  `CREATE TABLE bulletins (
     id INTEGER PRIMARY KEY,
     list TEXT NOT NULL,
     title TEXT NOT NULL,
     body TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'draft',
     send_at TEXT,
     started_at TEXT,
     recipients INTEGER,
     created_by INTEGER,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );
   CREATE TABLE subscription_health (
     address_hash TEXT PRIMARY KEY,
     bounces INTEGER NOT NULL DEFAULT 0,
     disabled_at TEXT,
     disabled_reason TEXT
   );`,
  // The notification-admin grant (#44, ADR 058): beside a user's role, not a role of its own.
  `ALTER TABLE users ADD COLUMN notification_admin INTEGER NOT NULL DEFAULT 0;`,
  // Web push (#44, ADR 058): browsers' subscriptions (one row per endpoint; sources as a bit set),
  // the notifications sent and how each browser's message ended (one result per browser, the first).
  `CREATE TABLE push_subscriptions (
     id INTEGER PRIMARY KEY,
     endpoint TEXT NOT NULL UNIQUE,
     p256dh TEXT NOT NULL,
     auth TEXT NOT NULL,
     language TEXT NOT NULL,
     sources INTEGER NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE TABLE push_notifications (
     id INTEGER PRIMARY KEY,
     created_at TEXT NOT NULL,
     author_id INTEGER,
     source INTEGER NOT NULL,
     language TEXT,
     messages TEXT NOT NULL,
     recipients INTEGER NOT NULL
   );
   CREATE TABLE push_results (
     notification_id INTEGER NOT NULL,
     subscription_id INTEGER NOT NULL,
     outcome TEXT NOT NULL,
     PRIMARY KEY (notification_id, subscription_id)
   ) WITHOUT ROWID;`,
  // Bulletin opens (#44, ADR 057 amended): whether the owner's "count opens" was on when an issue was
  // sent, and its opens per reader, a keyed hash of the address (never the address): opens and the first time.
  `ALTER TABLE bulletins ADD COLUMN count_opens INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE bulletin_opens (
     bulletin_id INTEGER NOT NULL,
     reader TEXT NOT NULL,
     opens INTEGER NOT NULL,
     first_at TEXT NOT NULL,
     PRIMARY KEY (bulletin_id, reader)
   ) WITHOUT ROWID;
   CREATE INDEX bulletin_opens_reader ON bulletin_opens (reader);`,
  // "New discovery" notices (#44 item 4, ADR 059): an editor's publish asks for one per item and
  // language; at most one of them pending (the partial index), which a notification admin approves
  // (it becomes a push notification, named here) or rejects.
  `CREATE TABLE push_notices (
     id INTEGER PRIMARY KEY,
     created_at TEXT NOT NULL,
     requested_by INTEGER,
     kind TEXT NOT NULL,
     item_id INTEGER NOT NULL,
     language TEXT NOT NULL,
     message TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending',
     decided_by INTEGER,
     decided_at TEXT,
     notification_id INTEGER
   );
   CREATE UNIQUE INDEX push_notices_pending ON push_notices (kind, item_id, language) WHERE status = 'pending';`,
  // The bulletins' public archive and versions (#44, ADR 060): when the owner published a sent issue
  // to its language's archive (null: not there), and every saved or restored text of an issue.
  `ALTER TABLE bulletins ADD COLUMN published_at TEXT;
   CREATE TABLE bulletin_versions (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     bulletin_id INTEGER NOT NULL,
     list TEXT NOT NULL,
     title TEXT NOT NULL,
     body TEXT NOT NULL,
     action TEXT NOT NULL,
     author_id INTEGER,
     at TEXT NOT NULL
   );
   CREATE INDEX bulletin_versions_bulletin ON bulletin_versions (bulletin_id, id);
   CREATE INDEX bulletins_published ON bulletins (published_at) WHERE published_at IS NOT NULL;`,
  // The data-protection documents' files (#43 item 1, ADR 061): each PDF the owner uploads for a text
  // page's language is kept as a version; the newest is the one served.
  `CREATE TABLE page_files (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     page TEXT NOT NULL,
     lang TEXT NOT NULL,
     bytes BLOB NOT NULL,
     size INTEGER NOT NULL,
     sha256 TEXT NOT NULL,
     author_id INTEGER,
     author_email TEXT,
     at TEXT NOT NULL
   );
   CREATE INDEX page_files_page ON page_files (page, lang, id);`,
  // Menus edited per language (#43 item 2, ADR 062): a draft and a published document per language;
  // no published row, the route table's default menus show.
  `CREATE TABLE menus (
     lang TEXT NOT NULL,
     state TEXT NOT NULL CHECK (state IN ('draft', 'published')),
     doc TEXT NOT NULL,
     saved_at TEXT NOT NULL,
     saved_by INTEGER,
     PRIMARY KEY (lang, state)
   );`,
  // Built forms (issue 43 item 4, ADR 065): a form's draft, every published version of it, the version
  // and slug each language shows, and the slugs a language's page had before (answered with a 301).
  `CREATE TABLE forms (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     name TEXT NOT NULL,
     definition TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );
   CREATE TABLE form_versions (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     form_id INTEGER NOT NULL,
     definition TEXT NOT NULL,
     author_id INTEGER,
     published_at TEXT NOT NULL
   );
   CREATE INDEX form_versions_form ON form_versions (form_id, id);
   CREATE TABLE form_publications (
     form_id INTEGER NOT NULL,
     lang TEXT NOT NULL,
     slug TEXT NOT NULL,
     version_id INTEGER NOT NULL,
     published_at TEXT NOT NULL,
     PRIMARY KEY (form_id, lang)
   );
   CREATE UNIQUE INDEX form_publications_slug ON form_publications (lang, slug);
   CREATE TABLE form_old_slugs (
     lang TEXT NOT NULL,
     slug TEXT NOT NULL,
     form_id INTEGER NOT NULL,
     PRIMARY KEY (lang, slug)
   );`,
  // Packages on one or more treatments (issue 43 item 5, ADR 064).
  PACKAGE_TREATMENTS_MIGRATION,
];

/**
 * The backend's database, opened through the one place that gives every database secure_delete and
 * its integrity check (app/lib/platform/sqlite.server.ts). A damaged file stops the start with one line: it
 * holds the leads, so unlike the outbox it is never set aside and replaced by an empty one.
 */
export function openDb(dataDir: string, file = "backend.sqlite"): Db {
  mkdirSync(dataDir, { recursive: true });
  let db: Db;
  try {
    db = openSqlite(join(dataDir, file));
  } catch (error) {
    if (isDamagedDatabase(error)) {
      error.message = `${error.message}. It holds the leads, so it is not replaced: restore it from a backup (or recover what it holds with "sqlite3 ${file} .recover"), then start again.`;
    }
    throw error;
  }
  migrate(db);
  return db;
}

/** Runs the migrations not yet run, up to `upTo` of them (all by default; a test stops short to make an older database). */
export function migrate(db: Db, upTo = MIGRATIONS.length) {
  registerLeadSearchText(db);
  registerPatientKeys(db);
  const done = db.pragma("user_version", { simple: true }) as number;
  for (let i = done; i < upTo; i++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[i]);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
}
