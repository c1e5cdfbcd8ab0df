import { variantHeight, variantWidths } from "../app/lib/platform/api/media-urls";
import { ImageRejected, oneAtATime, openImage, rejection } from "../app/lib/platform/images/sharp.server";

/** One upload's resizing, all variants together. */
const TIME_LIMIT_MS = 20_000;
const TOO_SLOW = "The image took too long to resize";

export interface MadeImage {
  /** The original's size, after EXIF rotation. */
  width: number;
  height: number;
  variants: { width: number; height: number; bytes: Buffer }[];
}

/**
 * The WebP variants of an uploaded image (app/lib/platform/api/media-urls.ts says which widths and heights),
 * turned upright by its EXIF orientation. Its metadata (EXIF, a phone's GPS position) is not copied
 * into them. Refused (ImageRejected) when it has more than MAX_INPUT_PIXELS pixels (as its header says,
 * before any decoding), cannot be decoded, or takes longer than TIME_LIMIT_MS. Uploads are resized
 * one at a time (app/lib/platform/images/sharp.server.ts).
 */
export function makeVariants(bytes: Buffer): Promise<MadeImage> {
  return oneAtATime(async () => {
    const { input, width, height } = await openImage(bytes);
    const until = Date.now() + TIME_LIMIT_MS;
    const variants: MadeImage["variants"] = [];
    for (const w of variantWidths(width)) {
      const seconds = Math.ceil((until - Date.now()) / 1000);
      if (seconds <= 0) throw new ImageRejected("slow", TOO_SLOW);
      const h = variantHeight({ width, height }, w);
      // `fill` to exactly the shared height: the site's width and height attributes are then the file's own.
      const out = await input()
        .resize(w, h, { fit: "fill" })
        .webp({ quality: 80 })
        .timeout({ seconds })
        .toBuffer()
        .catch((error: unknown) => {
          throw rejection(error, "The image could not be decoded");
        });
      variants.push({ width: w, height: h, bytes: out });
    }
    return { width, height, variants };
  });
}
