import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { openDb, PACKAGE_TREATMENTS_MIGRATION } from "./db";
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

test("a site edited while a package had one treatment gets it as a list of one at its next start (issue 43 item 5, ADR 064)", () => {
  const db = openDb(mkdtempSync(join(dir, "packages-")));
  seed(db);
  // As such a site is: the package's treatmentId in its working and published copies, a version and its public rows.
  const old = (column: string, root = "$") =>
    `${column} = json_set(json_remove(${column}, '${root}.treatmentIds'), '${root}.treatmentId', json_extract(${column}, '${root}.treatmentIds[0]'))`;
  db.exec(`UPDATE content_items SET ${old("fields")}, ${old("published_fields")} WHERE kind = 'package'`);
  db.exec(`UPDATE items SET ${old("doc")} WHERE kind = 'package'`);
  db.prepare(
    "INSERT INTO content_versions (kind, item_id, snapshot, action, author_id, author_email, at) VALUES ('package', ?, ?, 'publish', 1, 'e@x.test', '')",
  ).run(db.prepare("SELECT MIN(id) FROM content_items WHERE kind = 'package'").pluck().get(), JSON.stringify({ shared: { treatmentId: 2, price: 1 } }));
  // A draft saved before a treatment was chosen.
  db.exec(
    "UPDATE content_items SET fields = json_set(fields, '$.treatmentId', NULL) WHERE kind = 'package' AND id = (SELECT MAX(id) FROM content_items WHERE kind = 'package')",
  );

  db.exec(PACKAGE_TREATMENTS_MIGRATION);
  const values = (sql: string) => (db.prepare(sql).pluck().all() as string[]).map((json) => JSON.parse(json) as Record<string, unknown>);
  const lists = (sql: string, key = "treatmentIds") => values(sql).map((value) => [value[key], "treatmentId" in value]);
  expect(lists("SELECT fields FROM content_items WHERE kind = 'package' ORDER BY id")).toEqual([
    [[1], false],
    [[], false],
  ]);
  expect(lists("SELECT published_fields FROM content_items WHERE kind = 'package' ORDER BY id")).toEqual([
    [[1], false],
    [[2], false],
  ]);
  expect(values("SELECT snapshot FROM content_versions WHERE kind = 'package'").map((s) => s.shared)).toEqual([{ treatmentIds: [2], price: 1 }]);
  expect(new Set(lists("SELECT doc FROM items WHERE kind = 'package'").map((l) => JSON.stringify(l)))).toEqual(new Set(["[[1],false]", "[[2],false]"]));
  db.close();
});
