import type { UploadedImage } from "../app/lib/platform/api/media-urls";
import type { Db } from "./db";
import type { MadeImage } from "./image-variants";

/** Uploaded content images and their variants (tables images, image_variants). */
export function createImageStore(db: Db) {
  const image = db.prepare("SELECT id, width, height FROM images WHERE id = ?");
  const widths = db.prepare("SELECT width FROM image_variants WHERE image_id = ? ORDER BY width").pluck();
  const variant = db.prepare("SELECT bytes FROM image_variants WHERE image_id = ? AND width = ?").pluck();
  // Newest first; rowid breaks a tie between uploads of the same millisecond.
  const newest = db.prepare("SELECT id, width, height FROM images ORDER BY uploaded_at DESC, rowid DESC LIMIT ? OFFSET ?");
  const count = db.prepare("SELECT COUNT(*) FROM images").pluck();
  const insertImage = db.prepare("INSERT INTO images (id, width, height, source_type, source_size, uploaded_by, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const insertVariant = db.prepare("INSERT INTO image_variants (image_id, width, height, bytes) VALUES (?, ?, ?, ?)");

  function find(id: string): UploadedImage | null {
    const row = image.get(id) as { id: string; width: number; height: number } | undefined;
    return row ? { ...row, widths: widths.all(id) as number[] } : null;
  }

  return {
    find,
    /** A page of the uploads, newest first, and how many there are. */
    list(pageIndex: number, pageSize: number): { data: UploadedImage[]; totalCount: number } {
      const rows = newest.all(pageSize, (pageIndex - 1) * pageSize) as { id: string; width: number; height: number }[];
      return { data: rows.map((row) => ({ ...row, widths: widths.all(row.id) as number[] })), totalCount: count.get() as number };
    },
    /** A variant's WebP bytes, or undefined for an unknown image or width. */
    variant: (id: string, width: number) => variant.get(id, width) as Buffer | undefined,
    save(
      id: string,
      made: MadeImage,
      source: { type: string; size: number },
      uploader: { id: number; at: string },
    ): { image: UploadedImage; created: boolean } {
      // The same file sent twice at once is resized twice; the first to get here is kept.
      const created = db.transaction(() => {
        if (image.get(id)) return false;
        insertImage.run(id, made.width, made.height, source.type, source.size, uploader.id, uploader.at);
        for (const v of made.variants) insertVariant.run(id, v.width, v.height, v.bytes);
        return true;
      })();
      return { image: find(id)!, created };
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;
