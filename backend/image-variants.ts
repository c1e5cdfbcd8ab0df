import type { Sharp, SharpOptions } from "sharp";
import { variantHeight, variantWidths } from "../app/lib/api/media-urls";

/** 40 megapixels: any camera's photo, far below what would take the process's memory. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** One upload's resizing, all variants together. */
const TIME_LIMIT_MS = 20_000;

/**
 * sharp (libvips) is loaded on the first upload, not with the backend: loading it costs about 30 MB
 * of resident memory, which the site's process, sharing the embedded backend, would otherwise carry
 * from start-up though staff upload images rarely (issue #16's memory goal is 300 MB).
 */
let loaded: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;
function sharpLoaded() {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // libvips keeps recent operations' results for reuse; each upload is resized once, so that cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** An image its bytes call JPEG, PNG or WebP that cannot be made into variants: answered 422. */
export class ImageRejected extends Error {}

const TOO_MANY_PIXELS = `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels`;
const TOO_SLOW = "The image took too long to resize";

/** sharp's failure in words for the editor. */
function rejection(error: Error, otherwise: string) {
  if (/pixel limit/i.test(error.message)) return new ImageRejected(TOO_MANY_PIXELS);
  if (/timeout/i.test(error.message)) return new ImageRejected(TOO_SLOW);
  return new ImageRejected(otherwise);
}

export interface MadeImage {
  /** The original's size, after EXIF rotation. */
  width: number;
  height: number;
  variants: { width: number; height: number; bytes: Buffer }[];
}

/**
 * One upload resized at a time: two at once would only share the same cores and double the memory
 * held. Each waits for the one before it, whatever became of it.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The WebP variants of an uploaded image (app/lib/api/media-urls.ts says which widths and heights),
 * turned upright by its EXIF orientation. Its metadata (EXIF, a phone's GPS position) is not copied
 * into them. Refused (ImageRejected) when it has more than MAX_INPUT_PIXELS pixels (as its header says,
 * before any decoding), cannot be decoded, or takes longer than TIME_LIMIT_MS.
 */
export function makeVariants(bytes: Buffer): Promise<MadeImage> {
  return oneAtATime(async () => {
    const sharp = await sharpLoaded();
    const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true });
    // The header alone: sharp refuses here an image whose stated size is over the pixel limit.
    const metadata = await input()
      .metadata()
      .catch((error: Error) => {
        throw rejection(error, "The image could not be read");
      });
    const { width, height } = metadata.autoOrient;
    if (width * height > MAX_INPUT_PIXELS) throw new ImageRejected(TOO_MANY_PIXELS);
    const until = Date.now() + TIME_LIMIT_MS;
    const variants: MadeImage["variants"] = [];
    for (const w of variantWidths(width)) {
      const seconds = Math.ceil((until - Date.now()) / 1000);
      if (seconds <= 0) throw new ImageRejected(TOO_SLOW);
      const h = variantHeight({ width, height }, w);
      // `fill` to exactly the shared height: the site's width and height attributes are then the file's own.
      const out = await input()
        .resize(w, h, { fit: "fill" })
        .webp({ quality: 80 })
        .timeout({ seconds })
        .toBuffer()
        .catch((error: Error) => {
          throw rejection(error, "The image could not be decoded");
        });
      variants.push({ width: w, height: h, bytes: out });
    }
    return { width, height, variants };
  });
}
