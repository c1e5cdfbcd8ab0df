import type { LoaderFunctionArgs } from "@remix-run/node";
import { ImageRejected, keptSharePicture } from "./media.server";
import { ApiError, isNotFound } from "~/lib/platform/api/errors";
import { mediaVariantOf, sharePictureOf } from "~/lib/platform/api/media-urls";

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * Resource route `/media/u/:id/:file`: an uploaded image's WebP variant (`400.webp`), read from the
 * API (its size cap and timeout) and sent on, or its picture for shared links (`share-1200.jpg`,
 * made here from that variant: link previews want a JPEG of Open Graph's size). Either path names
 * bytes that never change, so browsers and CDNs keep them for a year without asking again. A path
 * that cannot name one is a 404 before the API is asked; an API that fails, or a picture that
 * cannot be made now, is a 503 nobody keeps.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const share = sharePictureOf(params.id, params.file);
  const variant = share ?? mediaVariantOf(params.id, params.file);
  if (!variant) return plain(404, "Not found");
  const read = (id: string, width: number) => context.media.media(id, width);
  try {
    const bytes = share ? await keptSharePicture(share.id, share.width, read) : await read(variant.id, variant.width);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": share ? "image/jpeg" : "image/webp",
        "Content-Length": String(bytes.length),
        "Cache-Control": "public, max-age=31536000, immutable",
      },
    });
  } catch (error) {
    if (isNotFound(error)) return plain(404, "Not found");
    if (error instanceof ImageRejected) {
      context.logger.warn({ image: variant.id, width: variant.width, reason: error.reason }, "media: a shared link's picture could not be made");
      return plain(503, "Service unavailable");
    }
    if (!(error instanceof ApiError)) throw error;
    context.logger.warn({ image: variant.id, width: variant.width, kind: error.kind }, "media: an image variant could not be read");
    return plain(503, "Service unavailable");
  }
}
