/**
 * Uploaded content images (`POST admin/content/images`): the widths they are made in, the height each
 * width gets, and the address each variant has on the site. One module for the backend, which
 * makes the variants and writes the public projection, and the site, which serves them
 * (routes/resources/media.ts), so both agree on every URL and size.
 */
import type { z } from "zod";
import type { ImageSchema } from "./contract";

/** The widths the public pages use: cards and phones take 400 or 800, detail pages and the hero up to 1600. */
export const IMAGE_WIDTHS = [400, 800, 1200, 1600] as const;
export const MAX_IMAGE_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/** An image's id: the first 128 bits of its original file's SHA-256, in hex (the same file is one image). */
export const IMAGE_ID = /^[0-9a-f]{32}$/;

/** What the upload answers. `width` and `height` are the original's, after EXIF rotation. */
export interface UploadedImage {
  id: string;
  width: number;
  height: number;
  /** The variants' widths, ascending. */
  widths: number[];
}

/**
 * The variants of an image `width` pixels wide: every standard width below it, and then its own
 * width up to the largest standard one; never wider than the original, so nothing is enlarged.
 */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, MAX_IMAGE_WIDTH);
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/** A variant's height: the original's proportions, rounded; the backend resizes to exactly this. */
export const variantHeight = (original: { width: number; height: number }, width: number) =>
  Math.max(1, Math.round((original.height * width) / original.width));

/** Where the site serves a variant: the path is the whole identity, so it is cached forever. */
export const mediaUrl = (id: string, width: number) => `/media/u/${id}/${width}.webp`;

/**
 * A shared link's picture (og:image): 1200×630, Open Graph's recommended size, as a JPEG, which every
 * link preview takes (WhatsApp's and Facebook's take no SVG, and not every app takes WebP).
 */
export const SHARE_PICTURE = { width: 1200, height: 630, type: "image/jpeg" } as const;

/**
 * Where the site serves an upload's shared-link picture: made from its `sourceWidth` variant, which
 * the path names so that the path alone still names the bytes (served immutable like the variants).
 */
export const sharePictureUrl = (id: string, sourceWidth: number) => `/media/u/${id}/share-${sourceWidth}.jpg`;

/** The id and source width in a shared-link picture's path parameters, or null when they cannot name one. */
export function sharePictureOf(id: string | undefined, file: string | undefined): { id: string; width: number } | null {
  const width = /^share-([1-9]\d{0,3})\.jpg$/.exec(file ?? "")?.[1];
  if (!id || !IMAGE_ID.test(id) || !width || Number(width) > MAX_IMAGE_WIDTH) return null;
  return { id, width: Number(width) };
}

/** An upload's smallest variant, for a thumbnail: 400 px wide, or the image's own width when it is narrower (it has no 400). */
export const thumbnailUrl = (upload: Pick<UploadedImage, "id" | "widths">) => mediaUrl(upload.id, Math.min(...upload.widths));

/** The id and width in a media path's parameters (`/media/u/:id/:file`), or null when they cannot name a variant. */
export function mediaVariantOf(id: string | undefined, file: string | undefined): { id: string; width: number } | null {
  const width = /^([1-9]\d{0,3})\.webp$/.exec(file ?? "")?.[1];
  if (!id || !IMAGE_ID.test(id) || !width || Number(width) > MAX_IMAGE_WIDTH) return null;
  return { id, width: Number(width) };
}

type Image = z.infer<typeof ImageSchema>;

/**
 * The public contract's image for an upload: the largest variant as `url` (what structured data and
 * a browser without srcset take) with its own size, and every variant in `srcset`.
 */
export function imageFromUpload(upload: UploadedImage, alt: string): Image {
  const largest = Math.max(...upload.widths);
  return {
    url: mediaUrl(upload.id, largest),
    width: largest,
    height: variantHeight(upload, largest),
    alt,
    srcset: [...upload.widths].sort((a, b) => a - b).map((width) => ({ url: mediaUrl(upload.id, width), width })),
  };
}
