import { LANGUAGE_CODES } from "../../app/lib/platform/api/contract";
import { CONTENT_REGISTRY, type ContentChange, type ContentKind, type Lang } from "../../app/lib/platform/api/content-contract";
import type { Db } from "../db";
import { pointsAt, projectRow, PUBLIC_KIND, REFERENCES, type ProjectedRow, type ProjectionLookup, type UploadedImage } from "./projection";
import type { ContentRecords } from "./records";

type Rows = Partial<Record<Lang, ProjectedRow>>;

/**
 * Writes the public projection (`items`) of an item from what was last published, keeps each
 * language's public uri, and records an old uri as a redirect when a published uri changes.
 */
export function createProjector(db: Db, records: ContentRecords, image: (id: string) => UploadedImage | null) {
  const rowOf = db.prepare("SELECT * FROM items WHERE kind = ? AND id = ? AND lang = ?");
  const rowsOf = db.prepare("SELECT * FROM items WHERE kind = ? AND id = ?");
  const removeRows = db.prepare("DELETE FROM items WHERE kind = ? AND id = ?");
  const insertRow = db.prepare(
    "INSERT INTO items (kind, id, lang, uri, sort, category_id, highlighted, parent_id, doc) VALUES (@kind, @id, @lang, @uri, @sort, @category_id, @highlighted, @parent_id, @doc)",
  );
  const keepRedirect = db.prepare("INSERT OR REPLACE INTO content_redirects (kind, lang, old_uri, id) VALUES (?, ?, ?, ?)");
  const dropRedirect = db.prepare("DELETE FROM content_redirects WHERE kind = ? AND lang = ? AND old_uri = ?");

  const lookup: ProjectionLookup = {
    row: (kind, id, lang) => rowOf.get(kind, id, lang) as ProjectedRow | undefined,
    image,
  };

  const publicRows = (kind: ContentKind, id: number): Rows => Object.fromEntries((rowsOf.all(PUBLIC_KIND[kind], id) as ProjectedRow[]).map((r) => [r.lang, r]));

  /** Re-projects one item (none: it was deleted); answers its rows before and after. */
  function project(kind: ContentKind, id: number) {
    const before = publicRows(kind, id);
    removeRows.run(PUBLIC_KIND[kind], id);
    const item = records.load(kind, id);
    if (item?.publishedShared) {
      for (const lang of LANGUAGE_CODES) {
        const text = item.texts[lang];
        if (!text?.published || !text.publishedFields) continue;
        const row = projectRow(kind, id, item.publishedShared, text.publishedFields, lang, lookup);
        if (row) insertRow.run(row);
      }
    }
    const after = publicRows(kind, id);
    if (item && CONTENT_REGISTRY[kind].uri) {
      for (const lang of LANGUAGE_CODES) {
        const [old, now] = [before[lang]?.uri, after[lang]?.uri];
        if (item.texts[lang]) records.setPublicUri(kind, id, lang, now ?? null);
        // A live uri never redirects; a renamed one keeps pointing at its item.
        if (now) dropRedirect.run(kind, lang, now);
        if (old && now && old !== now) keepRedirect.run(kind, lang, old, id);
      }
    }
    return { before, after };
  }

  /** Items whose published fields point at this one (a treatment's sub-treatments and stories, a topic's posts). */
  const pointingAt = REFERENCES.map((r) => ({
    kind: r.kind,
    to: r.to,
    ids: db.prepare(`SELECT id FROM content_items WHERE kind = ? AND ${pointsAt(r, "published_fields")}`).pluck(),
  }));
  const dependents = (kind: ContentKind, id: number) =>
    pointingAt.filter((r) => r.to === kind).flatMap((r) => (r.ids.all(r.kind, id) as number[]).map((depId) => ({ kind: r.kind, id: depId })));

  const differs = (a: ProjectedRow | undefined, b: ProjectedRow | undefined) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);

  /**
   * Re-projects an item and the items that show part of it, and says what changed publicly: the
   * languages whose answer changed, the uris now public, the uris gone or renamed, the other items touched.
   */
  function apply(kind: ContentKind, id: number): ContentChange {
    const { before, after } = project(kind, id);
    const related = dependents(kind, id).filter((dep) => {
      const r = project(dep.kind, dep.id);
      return LANGUAGE_CODES.some((lang) => differs(r.before[lang], r.after[lang]));
    });
    // A text page's "uri" is its route-table name: the change names it, so the site drops that page's kept copies (ADR 061).
    const withUris = CONTENT_REGISTRY[kind].uri || kind === "page";
    const uris: ContentChange["uris"] = {};
    const oldUris: ContentChange["oldUris"] = {};
    for (const lang of LANGUAGE_CODES) {
      const [old, now] = [before[lang]?.uri, after[lang]?.uri];
      // A text page's other languages name the same route-table URLs, whatever changed here: only the changed ones are named.
      if (withUris && now && (kind !== "page" || differs(before[lang], after[lang]))) uris[lang] = now;
      if (withUris && old && old !== now) oldUris[lang] = old;
    }
    return {
      kind,
      id,
      languages: LANGUAGE_CODES.filter((lang) => differs(before[lang], after[lang])),
      uris,
      oldUris,
      related,
    };
  }

  return { lookup, apply, publicRows };
}
export type Projector = ReturnType<typeof createProjector>;
