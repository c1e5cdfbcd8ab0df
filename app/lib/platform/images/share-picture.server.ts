import { LRUCache } from "lru-cache";
import { SHARE_PICTURE } from "~/lib/platform/api/media-urls";
import { oneAtATime, openImage, rejection } from "./sharp.server";

/** At most this many pictures queued before the next is refused as busy: link previews come one share at a time. */
const MAX_QUEUED = 4;
const TIME_LIMIT_SECONDS = 10;
/** Wider than this (3:2), a picture is cropped to the frame; narrower, it is shown whole (a face is not cut off). */
const CROP_FROM_RATIO = 1.5;

/**
 * An uploaded image as a shared link's picture: exactly SHARE_PICTURE's 1200×630, a JPEG. A wide
 * picture fills the frame, cropped where libvips finds the most to look at ("attention"); a portrait
 * or a square (a doctor's photo) stands whole in the middle of a blurred, darkened enlargement of
 * itself. Decoded under the same pixel limit and queue as every image (sharp.server.ts).
 */
export function sharePicture(bytes: Buffer): Promise<Buffer> {
  return oneAtATime(async () => {
    const { input, width, height } = await openImage(bytes);
    const frame = { width: SHARE_PICTURE.width, height: SHARE_PICTURE.height };
    const made =
      width / height >= CROP_FROM_RATIO
        ? input()
            .flatten({ background: "#ffffff" })
            .resize({ ...frame, fit: "cover", position: "attention" })
        : input()
            .flatten({ background: "#ffffff" })
            .resize({ ...frame, fit: "cover" })
            .blur(24)
            .modulate({ brightness: 0.7 })
            .composite([
              {
                input: await input()
                  .flatten({ background: "#ffffff" })
                  .resize({ ...frame, fit: "inside" })
                  .toBuffer(),
                gravity: "centre",
              },
            ]);
    return made
      .jpeg({ quality: 82 })
      .timeout({ seconds: TIME_LIMIT_SECONDS })
      .toBuffer()
      .catch((error: unknown) => {
        throw rejection(error, "The image could not be made into a picture for shared links");
      });
  }, MAX_QUEUED);
}

// A shared link's picture is asked for by each app that shows the link (WhatsApp asks from the
// sender's phone, on every share): the last few made are kept, so a link passed around costs one
// picture, not one each time. About 100 KB each.
const kept = new LRUCache<string, Buffer>({ maxSize: 4 * 1024 * 1024, sizeCalculation: (b) => b.byteLength });

/** The picture of upload `id` made from its `width` variant, which `read` fetches when it is not kept. */
export async function keptSharePicture(id: string, width: number, read: (id: string, width: number) => Promise<Buffer>): Promise<Buffer> {
  const key = `${id}/${width}`;
  const hit = kept.get(key);
  if (hit) return hit;
  const picture = await sharePicture(await read(id, width));
  kept.set(key, picture);
  return picture;
}
