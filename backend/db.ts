import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";

export type Db = Database.Database;

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
];

export function openDb(dataDir: string, file = "backend.sqlite"): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, file));
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  migrate(db);
  return db;
}

export function migrate(db: Db) {
  const done = db.pragma("user_version", { simple: true }) as number;
  for (let i = done; i < MIGRATIONS.length; i++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[i]);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
}
