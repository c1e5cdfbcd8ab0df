import type { Db } from "../db";
import type { UploadedImage } from "./projection";

/** Where the site serves an uploaded image's variant (the site's /media/u route reads it from media/{id}/{width}). */
const variantUrl = (id: string, width: number) => `/media/u/${id}/${width}.webp`;

/**
 * An uploaded image (POST admin/content/images stores it in `images` and its WebP widths in
 * `image_variants`) as the public contract shows it: the largest variant as the url, with its size,
 * and every variant in srcset. Null for an id that was never uploaded, and while no image table exists.
 */
export function createImageResolver(db: Db): (id: string) => UploadedImage | null {
  const tableExists = () => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'image_variants'").get() !== undefined;
  let ready = tableExists();
  return (id) => {
    if (!ready && !(ready = tableExists())) return null;
    const variants = db.prepare("SELECT width, height FROM image_variants WHERE image_id = ? ORDER BY width").all(id) as { width: number; height: number }[];
    if (variants.length === 0) return null;
    const largest = variants[variants.length - 1];
    return {
      url: variantUrl(id, largest.width),
      width: largest.width,
      height: largest.height,
      srcset: variants.map((v) => ({ url: variantUrl(id, v.width), width: v.width })),
    };
  };
}
