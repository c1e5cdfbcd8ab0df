import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { openDb } from "./db";
import { seed, TEXT_PAGES } from "./seed";

const dir = mkdtempSync(join(tmpdir(), "remed-seed-pages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a site where editors worked before text pages were content gets its text pages at the next start, and keeps its editors' work (ADR 061)", () => {
  const db = openDb(dir);
  seed(db);
  const pages = () => db.prepare("SELECT id FROM content_items WHERE kind = 'page' ORDER BY id").pluck().all();
  expect(pages()).toHaveLength(TEXT_PAGES.length);
  // As such a site is: an editor's published change, no text page, an older seed.
  db.prepare("UPDATE items SET doc = json_set(doc, '$.title', 'Edited') WHERE kind = 'treatment' AND id = 1 AND lang = 'en'").run();
  db.prepare(
    "INSERT INTO content_versions (kind, item_id, snapshot, action, author_id, author_email, at) VALUES ('treatment', 1, '{}', 'publish', 1, 'e@x.test', '')",
  ).run();
  db.exec(
    "DELETE FROM content_items WHERE kind = 'page'; DELETE FROM content_texts WHERE kind = 'page'; DELETE FROM items WHERE kind = 'page'; UPDATE meta SET value = 'old' WHERE key = 'seed_hash'",
  );

  seed(db);
  expect(pages()).toHaveLength(TEXT_PAGES.length);
  const terms = db.prepare("SELECT doc FROM items WHERE kind = 'page' AND uri = 'terms-and-conditions' AND lang = 'ru'").pluck().get() as string;
  expect(JSON.parse(terms).title).toBeTruthy();
  expect(JSON.parse(db.prepare("SELECT doc FROM items WHERE kind = 'treatment' AND id = 1 AND lang = 'en'").pluck().get() as string).title).toBe("Edited");
  db.close();
});
