import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError, isNotFound } from "~/lib/platform/api/errors";
import { mediaVariantOf } from "~/lib/platform/api/media-urls";

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * Resource route `/media/u/:id/:file`: an uploaded image's WebP variant (`400.webp`), read from the
 * API (its size cap and timeout) and sent on. A variant's path names bytes that never change, so
 * browsers and CDNs keep it for a year without asking again. A path that cannot name a variant is a
 * 404 before the API is asked; an API that fails is a 503 nobody keeps.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const variant = mediaVariantOf(params.id, params.file);
  if (!variant) return plain(404, "Not found");
  try {
    const bytes = await context.media.media(variant.id, variant.width);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "image/webp",
        "Content-Length": String(bytes.length),
        "Cache-Control": "public, max-age=31536000, immutable",
      },
    });
  } catch (error) {
    if (isNotFound(error)) return plain(404, "Not found");
    if (!(error instanceof ApiError)) throw error;
    context.logger.warn({ image: variant.id, width: variant.width, kind: error.kind }, "media: an image variant could not be read");
    return plain(503, "Service unavailable");
  }
}
