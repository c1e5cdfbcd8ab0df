import type { Sharp, SharpOptions } from "sharp";

/*
 * What every image the site or the stand-in backend decodes goes through (ADR 017, ADR 006): sharp
 * loaded on first use, a pixel limit read from the header before anything is decoded, one image at
 * a time, and sharp's failures as refusals with a reason. Content variants (backend/image-variants.ts)
 * and job-application photos (clean-photo.server.ts) share it.
 */

/** 40 megapixels: any camera's photo, far below what would take the process's memory. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The formats an upload may be: what the forms and the API accept. */
const FORMATS = new Set(["jpeg", "png", "webp"]);

/**
 * sharp (libvips) is loaded on the first image, not with the process: loading it costs about 30 MB
 * of resident memory, which a process that rarely sees an image would otherwise carry from start-up
 * (issue #16's memory goal is 300 MB).
 */
let loaded: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;
function loadSharp() {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // libvips keeps recent operations' results for reuse; each image is worked once, so that cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/**
 * Why an image was refused: more pixels than MAX_INPUT_PIXELS (known from its header, before
 * decoding), not a JPEG, PNG or WebP, not decodable, too slow, or too many images already waiting.
 */
export type ImageRefusal = "pixels" | "format" | "undecodable" | "slow" | "busy";

/** An image that cannot be used; the message is for an API answer or a log, never for a visitor. */
export class ImageRejected extends Error {
  constructor(
    readonly reason: ImageRefusal,
    message: string,
  ) {
    super(message);
  }
}

const tooManyPixels = () => new ImageRejected("pixels", `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels`);

/** sharp's failure as a refusal: its pixel limit, its time limit, or else `otherwise` (the image is damaged). */
export function rejection(error: unknown, otherwise: string): ImageRejected {
  if (error instanceof ImageRejected) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooManyPixels();
  if (/timeout/i.test(message)) return new ImageRejected("slow", "The image took too long to process");
  return new ImageRejected("undecodable", otherwise);
}

/**
 * One image at a time in this process: two at once would only share the same cores and double the
 * memory held. Each waits for the one before it, whatever became of it. With `maxQueued`, an image
 * that finds that many already queued (the one at work included) is refused as "busy" at once, so a
 * burst of uploads cannot pile up work and memory behind the first.
 */
let queue: Promise<unknown> = Promise.resolve();
let queued = 0;
export function oneAtATime<T>(work: () => Promise<T>, maxQueued = Infinity): Promise<T> {
  if (queued >= maxQueued) return Promise.reject(new ImageRejected("busy", "Too many images are waiting to be processed"));
  queued += 1;
  const settle = () => {
    queued -= 1;
  };
  const run = queue.then(work, work);
  run.then(settle, settle);
  queue = run.catch(() => undefined);
  return run;
}

export interface OpenedImage {
  /** A fresh pipeline on the bytes each time: pixel limit, first frame only, turned upright by its EXIF orientation. */
  input: () => Sharp;
  /** Its size once upright. */
  width: number;
  height: number;
}

/**
 * Reads an image's header only: refused (ImageRejected) when it is not a JPEG, PNG or WebP, or says
 * it has more than MAX_INPUT_PIXELS pixels (sharp refuses that here, before decoding anything).
 */
export async function openImage(bytes: Buffer): Promise<OpenedImage> {
  const sharp = await loadSharp();
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true });
  const metadata = await input()
    .metadata()
    .catch((error: unknown) => {
      throw rejection(error, "The image could not be read");
    });
  if (!FORMATS.has(metadata.format)) throw new ImageRejected("format", "Only JPEG, PNG or WebP images are accepted");
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
  return { input, width, height };
}
