import { mediaUrl } from "../../app/lib/platform/api/media-urls";
import type { Db } from "../db";
import type { UploadedImage } from "./projection";

/**
 * An uploaded image (POST admin/content/images stores it in `images` and its WebP widths in
 * `image_variants`) as the public contract shows it: the largest variant as the url, with its size,
 * and every variant in srcset. Null for an id that was never uploaded.
 */
export function createImageResolver(db: Db): (id: string) => UploadedImage | null {
  const variantsOf = db.prepare("SELECT width, height FROM image_variants WHERE image_id = ? ORDER BY width");
  return (id) => {
    const variants = variantsOf.all(id) as { width: number; height: number }[];
    if (variants.length === 0) return null;
    const largest = variants[variants.length - 1];
    return {
      url: mediaUrl(id, largest.width),
      width: largest.width,
      height: largest.height,
      srcset: variants.map((v) => ({ url: mediaUrl(id, v.width), width: v.width })),
    };
  };
}
