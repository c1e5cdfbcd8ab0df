import { oneAtATime, openImage, rejection } from "./sharp.server";

/** A stored photo's longest side: a portrait for a recruiter's screen or a printed page. */
export const PHOTO_MAX_SIDE = 1600;
/**
 * At most this many photos queued (the one at work included) before the next is refused as busy:
 * each holds up to 5 MB while it waits, and a burst beyond it is more than a clinic's career page gets.
 */
export const MAX_QUEUED_PHOTOS = 8;
/** Decoding and encoding one photo, at most. */
const TIME_LIMIT_SECONDS = 10;

export interface CleanPhoto {
  bytes: Buffer;
  type: "image/jpeg";
  width: number;
  height: number;
}

/**
 * A job applicant's photo as the clinic keeps and shows it (ADR 006): decoded under the pixel limit,
 * turned upright by its EXIF orientation, at most PHOTO_MAX_SIDE on its longer side, transparency on
 * white, and encoded afresh as a JPEG with no metadata at all (no EXIF, GPS position, ICC profile,
 * XMP or comments: sharp copies none unless asked). Whatever the input held beyond its pixels is gone.
 * Refused (ImageRejected, with its reason) when the header says too many pixels, the bytes are no
 * JPEG, PNG or WebP picture, the work takes over TIME_LIMIT_SECONDS, or MAX_QUEUED_PHOTOS are queued.
 */
export function cleanPhoto(bytes: Buffer): Promise<CleanPhoto> {
  return oneAtATime(async () => {
    const { input } = await openImage(bytes);
    const { data, info } = await input()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85 })
      .timeout({ seconds: TIME_LIMIT_SECONDS })
      .toBuffer({ resolveWithObject: true })
      .catch((error: unknown) => {
        throw rejection(error, "The image could not be decoded");
      });
    return { bytes: data, type: "image/jpeg", width: info.width, height: info.height };
  }, MAX_QUEUED_PHOTOS);
}
