import { createHash } from "node:crypto";
import type { Lang } from "../../app/lib/platform/api/content-contract";
import type { PageFileVersion } from "../../app/lib/platform/api/admin-contract";
import type { Actor } from "../audit";
import type { Db } from "../db";

interface Row {
  id: number;
  lang: string;
  size: number;
  sha256: string;
  at: string;
  author_id: number | null;
  author_email: string | null;
  author_name: string | null;
}

const versionOf = (r: Row): PageFileVersion => ({
  id: r.id,
  language: r.lang as Lang,
  size: r.size,
  sha256: r.sha256,
  at: r.at,
  author: r.author_id === null ? null : { id: r.author_id, email: r.author_email ?? "", name: r.author_name },
});

/** At most this many versions are listed: a page's history is a handful of legal texts, not thousands. */
const MAX_LISTED = 200;

/**
 * The text pages' document files (ADR 061): every PDF uploaded for a page and language is a version,
 * never overwritten; the newest is the one the site serves. The bytes stay in SQLite beside the
 * content they stand for (a few MB each, a handful of versions a year).
 */
export function createPageFiles(db: Db) {
  const insert = db.prepare("INSERT INTO page_files (page, lang, bytes, size, sha256, author_id, author_email, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  const newest = db.prepare("SELECT id, size, sha256, at FROM page_files WHERE page = ? AND lang = ? ORDER BY id DESC LIMIT 1");
  const newestBytes = db.prepare("SELECT bytes FROM page_files WHERE page = ? AND lang = ? ORDER BY id DESC LIMIT 1").pluck();
  const all = db.prepare(
    `SELECT f.id, f.lang, f.size, f.sha256, f.at, f.author_id, f.author_email, u.name AS author_name
     FROM page_files f LEFT JOIN users u ON u.id = f.author_id WHERE f.page = ? ORDER BY f.id DESC LIMIT ${MAX_LISTED}`,
  );
  return {
    add(page: string, lang: Lang, bytes: Buffer, actor: Actor, at: string): PageFileVersion {
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const id = Number(insert.run(page, lang, bytes, bytes.length, sha256, actor?.id ?? null, actor?.email ?? null, at).lastInsertRowid);
      return versionOf({ id, lang, size: bytes.length, sha256, at, author_id: actor?.id ?? null, author_email: actor?.email ?? null, author_name: null });
    },
    /** The file served now for a page in a language: its version, size and hash; undefined while none was uploaded. */
    current: (page: string, lang: string) => newest.get(page, lang) as { id: number; size: number; sha256: string; at: string } | undefined,
    bytes: (page: string, lang: string) => newestBytes.get(page, lang) as Buffer | undefined,
    versions: (page: string) => (all.all(page) as Row[]).map(versionOf),
  };
}
export type PageFiles = ReturnType<typeof createPageFiles>;
