import { LANGUAGE_CODES } from "../../app/lib/platform/api/contract";
import type { ContentKind, ContentSnapshot, Lang } from "../../app/lib/platform/api/content-contract";
import type { Actor } from "../audit";
import type { Db } from "../db";

export type Values = Record<string, unknown>;

/** One language of an item: the working copy, and what was last published of it. */
export interface TextState {
  fields: Values;
  /** The editor wants it public; it is, when what was published is complete. */
  published: boolean;
  publishedFields: Values | null;
  /** The uri the public projection has in this language (null: not public, or a kind without uris). */
  publicUri: string | null;
}

export interface ItemState {
  kind: ContentKind;
  id: number;
  shared: Values;
  /** The shared fields as last published; null before the first publish. */
  publishedShared: Values | null;
  texts: Partial<Record<Lang, TextState>>;
  createdAt: string;
  updatedAt: string;
  /** Its latest version's id (0: seeded, never changed): what a save names to say which state it was edited from. */
  version: number;
}

interface ItemRow {
  kind: ContentKind;
  id: number;
  fields: string;
  published_fields: string | null;
  created_at: string;
  updated_at: string;
}
interface TextRow {
  lang: Lang;
  fields: string;
  published: number;
  published_fields: string | null;
  public_uri: string | null;
}

const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as Values));

/** JSON with sorted keys: two values are the same content exactly when these strings are equal. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Where an item sits in the editor's list (and which treatment a sub-treatment is under). */
export function placement(kind: ContentKind, shared: Values) {
  const parentId = kind === "subTreatment" && typeof shared.parentId === "number" ? shared.parentId : null;
  // Posts and stories read newest first, like the blog.
  const dated = typeof shared.publishedAt === "string" ? -Math.floor(Date.parse(shared.publishedAt) / 1000) : null;
  const sort = dated ?? (typeof shared.sort === "number" ? shared.sort : 0);
  return { parentId, sort };
}

/** The editorial tables (migration 3 in db.ts): working copies, published copies, versions, redirects. */
export function createContentRecords(db: Db) {
  const itemRow = db.prepare("SELECT * FROM content_items WHERE kind = ? AND id = ?");
  const textRows = db.prepare("SELECT lang, fields, published, published_fields, public_uri FROM content_texts WHERE kind = ? AND id = ?");
  const insertItem = db.prepare(
    "INSERT INTO content_items (kind, id, parent_id, sort, fields, published_fields, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const updateItem = db.prepare("UPDATE content_items SET parent_id = ?, sort = ?, fields = ?, updated_at = ? WHERE kind = ? AND id = ?");
  const publishShared = db.prepare("UPDATE content_items SET published_fields = ?, updated_at = ? WHERE kind = ? AND id = ?");
  const upsertText = db.prepare(
    `INSERT INTO content_texts (kind, id, lang, fields, uri) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (kind, id, lang) DO UPDATE SET fields = excluded.fields, uri = excluded.uri`,
  );
  const publishText = db.prepare("UPDATE content_texts SET published = ?, published_fields = ? WHERE kind = ? AND id = ? AND lang = ?");
  const markPublished = db.prepare("UPDATE content_texts SET published = ? WHERE kind = ? AND id = ? AND lang = ?");
  const setPublicUri = db.prepare("UPDATE content_texts SET public_uri = ? WHERE kind = ? AND id = ? AND lang = ?");
  const insertVersion = db.prepare("INSERT INTO content_versions (kind, item_id, snapshot, action, author_id, author_email, at) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const maxId = db.prepare("SELECT MAX(m) FROM (SELECT MAX(id) AS m FROM content_items UNION ALL SELECT MAX(item_id) FROM content_versions)").pluck();
  const latestVersion = db.prepare("SELECT COALESCE(MAX(id), 0) FROM content_versions WHERE kind = ? AND item_id = ?").pluck();
  const uriHolder = db.prepare("SELECT id FROM content_texts WHERE kind = ? AND lang = ? AND id != ? AND (uri = ? OR public_uri = ?) LIMIT 1").pluck();

  function load(kind: ContentKind, id: number): ItemState | null {
    const row = itemRow.get(kind, id) as ItemRow | undefined;
    if (!row) return null;
    const texts: ItemState["texts"] = {};
    for (const t of textRows.all(kind, id) as TextRow[]) {
      texts[t.lang] = {
        fields: JSON.parse(t.fields) as Values,
        published: t.published === 1,
        publishedFields: parse(t.published_fields),
        publicUri: t.public_uri,
      };
    }
    return {
      kind,
      id,
      shared: JSON.parse(row.fields) as Values,
      publishedShared: parse(row.published_fields),
      texts,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      version: latestVersion.get(kind, id) as number,
    };
  }

  const uriOf = (fields: Values) => (typeof fields.uri === "string" && fields.uri !== "" ? fields.uri : null);

  return {
    load,
    /** Every item of a kind in the editor's order, at most `limit`. */
    ids(kind: ContentKind, limit: number): number[] {
      return db.prepare("SELECT id FROM content_items WHERE kind = ? ORDER BY sort, id LIMIT ?").pluck().all(kind, limit) as number[];
    },
    /** A new item's id: above every id ever used (deleted items' versions keep theirs), from 1001. */
    nextId: () => Math.max(1000, (maxId.get() as number | null) ?? 0) + 1,
    create(kind: ContentKind, id: number, shared: Values, at: string) {
      const { parentId, sort } = placement(kind, shared);
      insertItem.run(kind, id, parentId, sort, JSON.stringify(shared), null, at, at);
    },
    writeShared(kind: ContentKind, id: number, shared: Values, at: string) {
      const { parentId, sort } = placement(kind, shared);
      updateItem.run(parentId, sort, JSON.stringify(shared), at, kind, id);
    },
    writeText(kind: ContentKind, id: number, lang: Lang, fields: Values) {
      upsertText.run(kind, id, lang, JSON.stringify(fields), uriOf(fields));
    },
    /** What is now public: the shared fields and these languages' working copies. */
    publish(kind: ContentKind, id: number, shared: Values, texts: Partial<Record<Lang, Values>>, at: string) {
      publishShared.run(JSON.stringify(shared), at, kind, id);
      for (const [lang, fields] of Object.entries(texts)) publishText.run(1, JSON.stringify(fields), kind, id, lang);
    },
    unpublish(kind: ContentKind, id: number, langs: readonly Lang[], at: string) {
      for (const lang of langs) markPublished.run(0, kind, id, lang);
      db.prepare("UPDATE content_items SET updated_at = ? WHERE kind = ? AND id = ?").run(at, kind, id);
    },
    setPublicUri(kind: ContentKind, id: number, lang: Lang, uri: string | null) {
      setPublicUri.run(uri, kind, id, lang);
    },
    remove(kind: ContentKind, id: number) {
      db.prepare("DELETE FROM content_texts WHERE kind = ? AND id = ?").run(kind, id);
      db.prepare("DELETE FROM content_items WHERE kind = ? AND id = ?").run(kind, id);
      db.prepare("DELETE FROM content_redirects WHERE kind = ? AND id = ?").run(kind, id);
    },
    /** Another item of the kind with this uri in this language, as its working copy or its public page. */
    uriTaken(kind: ContentKind, lang: Lang, uri: string, exceptId: number): boolean {
      return uriHolder.get(kind, lang, exceptId, uri, uri) !== undefined;
    },
    snapshot(item: ItemState): ContentSnapshot {
      const texts: ContentSnapshot["texts"] = {};
      const published: ContentSnapshot["published"] = {};
      for (const lang of LANGUAGE_CODES) {
        const text = item.texts[lang];
        if (!text) continue;
        texts[lang] = text.fields;
        published[lang] = text.published;
      }
      return { shared: item.shared, texts, published };
    },
    /** Keeps the item's state as a new version; the item is now at that version. */
    addVersion(item: ItemState, action: string, actor: Actor, at: string) {
      const { lastInsertRowid } = insertVersion.run(
        item.kind,
        item.id,
        JSON.stringify(this.snapshot(item)),
        action,
        actor?.id ?? null,
        actor?.email ?? null,
        at,
      );
      item.version = Number(lastInsertRowid);
    },
    /** A seeded item's state as its first version, before an editor's first change to it. */
    keepSeedVersion(item: ItemState) {
      // The item's state names its latest version: 0 means none was kept yet.
      if (item.version !== 0) return;
      const { lastInsertRowid } = insertVersion.run(item.kind, item.id, JSON.stringify(this.snapshot(item)), "seed", null, null, item.createdAt);
      item.version = Number(lastInsertRowid);
    },
    versions(kind: ContentKind, id: number, pageIndex: number, pageSize: number) {
      const rows = db
        .prepare(
          `SELECT v.id, v.action, v.author_id, v.author_email, u.name AS author_name, v.at FROM content_versions v LEFT JOIN users u ON u.id = v.author_id
           WHERE v.kind = ? AND v.item_id = ? ORDER BY v.id DESC LIMIT ? OFFSET ?`,
        )
        .all(kind, id, pageSize, (pageIndex - 1) * pageSize) as VersionRow[];
      const total = db.prepare("SELECT COUNT(*) FROM content_versions WHERE kind = ? AND item_id = ?").pluck().get(kind, id) as number;
      return { total, data: rows.map(versionSummary) };
    },
    version(kind: ContentKind, id: number, versionId: number) {
      const row = db
        .prepare(
          `SELECT v.id, v.action, v.author_id, v.author_email, u.name AS author_name, v.at, v.snapshot FROM content_versions v LEFT JOIN users u ON u.id = v.author_id
           WHERE v.kind = ? AND v.item_id = ? AND v.id = ?`,
        )
        .get(kind, id, versionId) as (VersionRow & { snapshot: string }) | undefined;
      return row ? { ...versionSummary(row), snapshot: JSON.parse(row.snapshot) as ContentSnapshot } : null;
    },
  };
}
export type ContentRecords = ReturnType<typeof createContentRecords>;

interface VersionRow {
  id: number;
  action: string;
  author_id: number | null;
  author_email: string | null;
  /** The author's name now; null once the account is gone. */
  author_name: string | null;
  at: string;
}
const versionSummary = (r: VersionRow) => ({
  id: r.id,
  action: r.action,
  author: r.author_id === null ? null : { id: r.author_id, email: r.author_email ?? "", name: r.author_name },
  at: r.at,
});
