import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { sharePicture } from "~/lib/platform/images/share-picture.server";
import { photoJpeg } from "../../../../tests/support/photos";

/** The red channel of the pixel at x, y (the middle row). */
async function redAt(jpeg: Buffer, x: number) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return data[(Math.round(info.height / 2) * info.width + x) * info.channels];
}

// What a shared link to a page with an uploaded image shows (the media route's share-{width}.jpg).
describe("an uploaded image as a shared link's picture", () => {
  test("is a 1200×630 JPEG whatever the image's shape: a wide photo fills it, cropped", async () => {
    for (const size of [
      { width: 1600, height: 900 },
      { width: 800, height: 960 },
      { width: 300, height: 300 },
    ]) {
      const meta = await sharp(await sharePicture(await photoJpeg(size))).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, JSON.stringify(size)).toEqual({ format: "jpeg", width: 1200, height: 630 });
    }
  });

  test("a portrait stands whole in the middle, on a darkened enlargement of itself, so no face is cut off", async () => {
    const red = await sharp({ create: { width: 400, height: 600, channels: 3, background: "#ff0000" } })
      .webp()
      .toBuffer();
    const picture = await sharePicture(red);
    expect(await redAt(picture, 600)).toBeGreaterThan(240);
    expect(await redAt(picture, 10)).toBeLessThan(225);
  });
});
