import { mediaUrl, mediaVariantOf, type UploadedImage } from "./media-urls";

/** An uploaded image as a body's image picker lists it: with its smallest variant's address. */
export type PickerImage = UploadedImage & { thumbnail: string };

/** The widest variant a body's image is put in as: a body's column is narrower on every page (and a phone takes the same file). */
export const BODY_IMAGE_WIDTH = 800;

const VARIANT_PATH = /^\/media\/u\/([0-9a-f]{32})\/(\d{1,4}\.webp)$/;
const SIZE = /^[1-9]\d{0,3}$/;

/**
 * Whether an <img>'s attributes (after the sanitizer's own filtering) name one of the site's own
 * content-image variants, a path on this site and nothing else (no scheme, no host, no query), with a
 * width and height in pixels and an alt attribute. The public sanitizer keeps only such images.
 */
export function isBodyImage(attributes: Record<string, string>): boolean {
  const path = VARIANT_PATH.exec(attributes.src ?? "");
  if (!path || !mediaVariantOf(path[1], path[2])) return false;
  return SIZE.test(attributes.width ?? "") && SIZE.test(attributes.height ?? "") && typeof attributes.alt === "string";
}

/** The <img> attributes the editor inserts for an upload: its variant nearest BODY_IMAGE_WIDTH from below (or its narrowest), with that variant's size. */
export function bodyImageOf(upload: UploadedImage, alt: string) {
  const fitting = upload.widths.filter((width) => width <= BODY_IMAGE_WIDTH);
  const width = fitting.length ? Math.max(...fitting) : Math.min(...upload.widths);
  return { src: mediaUrl(upload.id, width), width, height: Math.max(1, Math.round((upload.height * width) / upload.width)), alt };
}
