import { describe, expect, test } from "vitest";
import { ImageSchema } from "~/lib/platform/api/contract";
import { imageFromUpload, mediaVariantOf, sharePictureOf, thumbnailUrl, variantWidths } from "~/lib/platform/api/media-urls";

const ID = "0123456789abcdef0123456789abcdef";

describe("uploaded images' variants", () => {
  test("are the standard widths below the original, then its own width up to 1600: never enlarged", () => {
    expect(variantWidths(4000)).toEqual([400, 800, 1200, 1600]);
    expect(variantWidths(1600)).toEqual([400, 800, 1200, 1600]);
    expect(variantWidths(1000)).toEqual([400, 800, 1000]);
    expect(variantWidths(400)).toEqual([400]);
    expect(variantWidths(300)).toEqual([300]);
  });

  test("a thumbnail is the smallest variant: 400 px, or the whole of an image narrower than that (it has no 400)", () => {
    expect(thumbnailUrl({ id: ID, widths: [400, 800, 1200, 1600] })).toBe(`/media/u/${ID}/400.webp`);
    expect(thumbnailUrl({ id: ID, widths: variantWidths(300) })).toBe(`/media/u/${ID}/300.webp`);
  });

  test("a media path names a variant only with a hex id and a width of 1 to 1600 in WebP", () => {
    expect(mediaVariantOf(ID, "800.webp")).toEqual({ id: ID, width: 800 });
    expect(mediaVariantOf(ID, "1600.webp")).toEqual({ id: ID, width: 1600 });
    for (const [id, file] of [
      [ID, "1601.webp"],
      [ID, "0800.webp"],
      [ID, "800.png"],
      [ID, "800.webp.data"],
      [ID.toUpperCase(), "800.webp"],
      [ID.slice(1), "800.webp"],
      ["../../etc/passwd", "800.webp"],
      [undefined, "800.webp"],
      [ID, undefined],
    ]) {
      expect(mediaVariantOf(id, file), `${id} ${file}`).toBeNull();
    }
  });

  test("a shared-link picture's path names its upload and the variant it is made from, nothing else", () => {
    expect(sharePictureOf(ID, "share-1200.jpg")).toEqual({ id: ID, width: 1200 });
    for (const [id, file] of [
      [ID, "share-1601.jpg"],
      [ID, "share-1200.webp"],
      [ID, "1200.jpg"],
      [ID.slice(1), "share-1200.jpg"],
      [ID, undefined],
    ]) {
      expect(sharePictureOf(id, file), `${id} ${file}`).toBeNull();
    }
  });

  test("the public contract's image takes the largest variant, with the height the backend makes it, and lists them all", () => {
    const image = imageFromUpload({ id: ID, width: 3000, height: 4000, widths: [400, 800, 1200, 1600] }, "A clinic room");
    expect(ImageSchema.parse(image)).toEqual({
      url: `/media/u/${ID}/1600.webp`,
      width: 1600,
      height: 2133,
      alt: "A clinic room",
      srcset: [400, 800, 1200, 1600].map((width) => ({ url: `/media/u/${ID}/${width}.webp`, width })),
    });
  });
});
