import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { cleanPhoto, MAX_QUEUED_PHOTOS } from "~/lib/platform/images/clean-photo.server";
import { JPEG_HEADER_THEN_JUNK } from "../../../../tests/support/images";
import { EXIF_MARKER, gpsPhotoJpeg, photoJpeg, pngBomb } from "../../../../tests/support/photos";

// What the outbox, the stand-in backend and the staff's <img> get of a job applicant's photo (ADR 006).
describe("a job applicant's photo, re-encoded", () => {
  test("keeps the picture, upright, and nothing else: no EXIF, GPS, ICC profile or XMP", async () => {
    const photo = await cleanPhoto(await gpsPhotoJpeg({ width: 1200, height: 900 }));
    const meta = await sharp(photo.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 900, height: 1200 });
    expect({ exif: meta.exif, icc: meta.icc, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation }).toEqual({});
    expect(photo.bytes.includes(EXIF_MARKER)).toBe(false);
    expect(photo).toMatchObject({ type: "image/jpeg", width: 900, height: 1200 });
  });

  test("a camera-sized photo is stored at most 1600 px on its longer side; a transparent PNG on white", async () => {
    expect(await cleanPhoto(await photoJpeg({ width: 4000, height: 3000 }))).toMatchObject({ width: 1600, height: 1200 });
    const clear = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const { data } = await sharp((await cleanPhoto(clear)).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((v) => v > 245)).toBe(true);
  });

  test("a 20,000 × 20,000 PNG is refused from its header, at once; a JPEG start with junk is refused as damaged", async () => {
    const started = Date.now();
    await expect(cleanPhoto(pngBomb(20_000))).rejects.toMatchObject({ reason: "pixels" });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(cleanPhoto(JPEG_HEADER_THEN_JUNK)).rejects.toMatchObject({ reason: "undecodable" });
  });

  test("one photo at a time: with the queue full, the next is refused as busy at once, and those queued are made", async () => {
    const bytes = await photoJpeg({ width: 400, height: 300 });
    const queued = Array.from({ length: MAX_QUEUED_PHOTOS }, () => cleanPhoto(bytes));
    await expect(cleanPhoto(bytes)).rejects.toMatchObject({ reason: "busy" });
    expect((await Promise.all(queued)).map((p) => p.width)).toEqual(Array(MAX_QUEUED_PHOTOS).fill(400));
    // Once they are done, the queue takes photos again.
    await expect(cleanPhoto(bytes)).resolves.toMatchObject({ width: 400 });
  });
});
