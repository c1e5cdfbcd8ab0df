import { SHARE_PICTURE, sharePictureUrl } from "~/lib/platform/api/media-urls";

/** A page's picture for shared links (og:image, twitter:image) with the size its URL answers. */
export interface MetaImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  /** The MIME type, where the site knows it. */
  type?: string;
}

/** A content image as the API describes it (ImageSchema): the largest variant's URL and size, and the variants. */
export interface ContentImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  srcset?: { url: string; width: number }[];
}

/**
 * Where a page has no picture of its own (or one no preview could show): the language's designed
 * picture, the logo, the brand and the home page's heading (scripts/generate-share-images.mjs, which
 * states these sizes too).
 */
export const defaultMetaImage = (lang: string, alt: string): MetaImage => ({ url: `/images/share/${lang}.jpg`, ...SHARE_PICTURE, alt });

/** The clinic's logo for schema.org (Organization.logo): a raster, as Google wants one. */
export const CLINIC_LOGO = { url: "/images/logo.png", width: 512, height: 512 } as const;

/** Kinds of seeded artwork that have pages, and so a picture for shared links beside them (scripts/generate-artwork.mjs). */
const SHARED_ARTWORK = /^\/media\/(treatments|blog|deals|doctors|about-life)\/([\w-]+)\.svg$/;
const UPLOAD = /^\/media\/u\/([0-9a-f]{32})\/\d+\.webp$/;
/** The least Facebook and WhatsApp show as a large picture, for an image the site takes as it is. */
const MIN_SIZE = { width: 600, height: 315 };

/**
 * The picture a link to an item's page shows: seeded artwork's JPEG drawn beside it, an upload's
 * picture made by the media route from its 1200 variant (or its largest, when it has none that
 * wide), a JPEG or PNG from elsewhere as it is when it is large enough; else null, and the page
 * takes the language's default. An SVG or WebP is never offered: previews may not show them.
 */
export function metaImageOf(image: ContentImage): MetaImage | null {
  const artwork = SHARED_ARTWORK.exec(image.url);
  if (artwork) return { url: `/media/${artwork[1]}/${artwork[2]}.jpg`, ...SHARE_PICTURE, alt: image.alt };
  const upload = UPLOAD.exec(image.url);
  if (upload) {
    const widths = image.srcset?.map((v) => v.width) ?? [image.width];
    const source = Math.max(...widths.filter((w) => w <= SHARE_PICTURE.width), Math.min(...widths));
    return { url: sharePictureUrl(upload[1], source), ...SHARE_PICTURE, alt: image.alt };
  }
  if (/\.(jpe?g|png)$/i.test(new URL(image.url, "http://site").pathname) && image.width >= MIN_SIZE.width && image.height >= MIN_SIZE.height) {
    return { url: image.url, width: image.width, height: image.height, alt: image.alt };
  }
  return null;
}
