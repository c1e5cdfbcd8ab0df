import { createHash } from "node:crypto";
import express from "express";
import { fileTypeFromBuffer } from "file-type";
import { ContentImageListQuerySchema, MAX_IMAGE_UPLOAD_BYTES } from "../../app/lib/platform/api/admin-contract";
import { IMAGE_ID } from "../../app/lib/platform/api/media-urls";
import { ImageRejected } from "../../app/lib/platform/images/sharp.server";
import { actorOf, requireStaff } from "../auth/require-staff";
import { fail, item, list, parseOr400 } from "../http";
import { createImageStore } from "../image-store";
import { makeVariants } from "../image-variants";
import { BodyAborted, BodyTooLarge, dropRest, readCappedBody } from "../raw-body";
import type { StaffServices } from "../staff-services";

/** What the bytes must be, whatever the name or Content-Type says. */
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp"]);

/**
 * `POST admin/content/images` (write:content): the raw file as the body. Checked by its size
 * (MAX_IMAGE_UPLOAD_BYTES, 413), its bytes (415) and its pixels (422), then resized into WebP
 * variants (image-variants.ts). The id is the file's hash, so sending the same file again answers the
 * image already made (200) instead of a copy (201). Every upload is audited. `GET admin/content/images/:id`
 * answers an upload's size and widths again, `GET admin/content/images` a page of them (a body's picker).
 */
export function createImagesRouter(services: StaffServices, onUnauthorized?: () => void) {
  const router = express.Router();
  const images = createImageStore(services.db);
  const audit = (res: express.Response, id: string, detail: string, image: { width: number; height: number }, again: boolean) =>
    services.audit.record({
      actor: actorOf(res),
      action: "image.upload",
      target: `image:${id}`,
      detail,
      facts: { width: image.width, height: image.height, again },
    });

  router.post("/content/images", requireStaff(services, "write:content", onUnauthorized), async (req, res, next) => {
    let bytes: Buffer;
    try {
      bytes = await readCappedBody(req, MAX_IMAGE_UPLOAD_BYTES);
    } catch (error) {
      if (error instanceof BodyAborted) return void res.destroy();
      if (!(error instanceof BodyTooLarge)) return next(error);
      fail(res, 413, `The image is larger than ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} MB`, "image");
      return dropRest(req);
    }
    if (bytes.length === 0) return fail(res, 400, "The image is missing: send its bytes as the body", "image");
    const sniffed = await fileTypeFromBuffer(bytes);
    if (!sniffed || !ACCEPTED.has(sniffed.mime)) return fail(res, 415, "Only JPEG, PNG or WebP images are accepted", "image");

    const id = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
    const known = images.find(id);
    if (known) {
      audit(res, id, `${known.width}×${known.height} ${sniffed.mime}, sent again`, known, true);
      return res.json(item(known));
    }
    try {
      const made = await makeVariants(bytes);
      const at = new Date(services.clock()).toISOString();
      const { image, created } = images.save(id, made, { type: sniffed.mime, size: bytes.length }, { id: actorOf(res).id, at });
      audit(
        res,
        id,
        `${image.width}×${image.height} ${sniffed.mime}, ${created ? "widths" : "sent again; widths"} ${image.widths.join(", ")}`,
        image,
        !created,
      );
      res.status(created ? 201 : 200).json(item(image));
    } catch (error) {
      if (error instanceof ImageRejected) return fail(res, 422, error.message, "image");
      next(error);
    }
  });
  /** The uploads, newest first, a page at a time (read:content): what a body's image picker shows. */
  router.get("/content/images", requireStaff(services, "read:content", onUnauthorized), (req, res) => {
    const query = parseOr400(ContentImageListQuerySchema, req.query, res);
    if (!query) return;
    const page = images.list(query.pageIndex, query.pageSize);
    res.json(list(page.data, page.totalCount, query.pageIndex, query.pageSize));
  });
  /** An uploaded image's size and widths (read:content): what the editor needs to show its smallest variant. */
  router.get("/content/images/:id", requireStaff(services, "read:content", onUnauthorized), (req, res) => {
    const found = IMAGE_ID.test(req.params.id) ? images.find(req.params.id) : null;
    if (!found) return fail(res, 404, "No such image", "id");
    res.json(item(found));
  });
  return router;
}
